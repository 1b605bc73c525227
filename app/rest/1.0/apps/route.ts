import { listApplications } from "@/lib/applications/applications";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// Applications are created in the developer portal, not through the API.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => listApplications(ctx, ctx.url.searchParams), { auth: "application" }),
});
