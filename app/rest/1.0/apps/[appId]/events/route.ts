import { listEventsContract } from "@/lib/events/contracts";
import { listEvents } from "@/lib/events/events";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listEventsContract, async (ctx, { params, query }) => listEvents(ctx.actor, params.appId, query)),
);
