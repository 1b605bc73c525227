import { listEvents } from "@/lib/events/events";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// The delivery log of one application: paged, filterable by type, status and createdOn.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => listEvents(ctx, ctx.params.id!, ctx.url.searchParams), { auth: "application" }),
});
