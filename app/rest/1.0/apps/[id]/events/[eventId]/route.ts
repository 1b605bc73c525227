import { getEvent } from "@/lib/events/events";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// One event with every delivery attempt (time, URL, status, latency, response excerpt, error).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => getEvent(ctx, ctx.params.id!, ctx.params.eventId!), { auth: "application" }),
});
