import { sendTestEvent } from "@/lib/events/events";
import { restRoute } from "@/lib/rest/route";
import { created } from "@/lib/rest/responses";
import { withRest } from "@/lib/rest/with-rest";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  POST: withRest(
    async (_req, ctx) => {
      const event = await sendTestEvent(ctx, ctx.params.id!);
      return created(`/apps/${ctx.params.id}/events/${event.id}`, event);
    },
    { auth: "application" },
  ),
});
