import { replayEventContract } from "@/lib/events/contracts";
import { replayEvent } from "@/lib/events/events";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(replayEventContract, async (ctx, { params }) => replayEvent(ctx.actor, params.appId, params.eventId)),
);
