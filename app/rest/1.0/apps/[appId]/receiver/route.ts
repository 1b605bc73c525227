import { watchReceiverContract } from "@/lib/events/contracts";
import { watchReceiver } from "@/lib/events/receiver";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(watchReceiverContract, async (ctx, { params, query }) => watchReceiver(ctx.actor, params.appId, query.since)),
);
