import { getApplication, updateApplication, updateApplicationSchema } from "@/lib/applications/applications";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// id is "<domain>:<application name>".
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => getApplication(ctx, ctx.params.id!), { auth: "application" }),
  PUT: withRest(async (_req, ctx) => updateApplication(ctx, ctx.params.id!, ctx.json(updateApplicationSchema)), { auth: "application" }),
});
