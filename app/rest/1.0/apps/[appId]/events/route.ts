import { listEventsContract } from "@/lib/events/contracts";
import { listEvents } from "@/lib/events/events";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listEventsContract, async (ctx, { params, query }) => listEvents(ctx.actor, params.appId, query)),
);
