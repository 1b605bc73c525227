import { getEventContract } from "@/lib/events/contracts";
import { getEvent } from "@/lib/events/events";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getEventContract, async (ctx, { params }) => getEvent(ctx.actor, params.appId, params.eventId)),
);
