import { getEventContract } from "@/lib/events/contracts";
import { getEvent } from "@/lib/events/events";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getEventContract, async (ctx, { params }) => getEvent(ctx.actor, params.appId, params.eventId)),
);
