import { sendTestEventContract } from "@/lib/events/contracts";
import { sendTestEvent } from "@/lib/events/events";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(sendTestEventContract, async (ctx, { params }) => sendTestEvent(ctx.actor, params.appId)),
);
