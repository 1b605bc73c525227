import { replayEventContract } from "@/lib/events/contracts";
import { replayEvent } from "@/lib/events/events";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(replayEventContract, async (ctx, { params }) => replayEvent(ctx.actor, params.appId, params.eventId)),
);
