import { getDomain } from "@/lib/domains/domains";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => getDomain(ctx, ctx.params.name!), { auth: "application" }),
});
