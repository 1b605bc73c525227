import { replayEvent } from "@/lib/events/events";
import { restRoute } from "@/lib/rest/route";
import { accepted } from "@/lib/rest/responses";
import { withRest } from "@/lib/rest/with-rest";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  POST: withRest(async (_req, ctx) => accepted(await replayEvent(ctx, ctx.params.id!, ctx.params.eventId!)), { auth: "application" }),
});
