import { createDomain, deleteDomain, domainBodySchema, listDomains } from "@/lib/domains/domains";
import { restRoute } from "@/lib/rest/route";
import { created } from "@/lib/rest/responses";
import { withRest } from "@/lib/rest/with-rest";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => listDomains(ctx, ctx.url.searchParams), { auth: "application" }),
  POST: withRest(
    async (req, ctx) => {
      const domain = await createDomain(ctx, req, ctx.json(domainBodySchema));
      return created(`/domains/${domain.name}`, domain);
    },
    { auth: "application" },
  ),
  // The spec deletes a domain by name in the body: DELETE /domains {"name": ...}.
  DELETE: withRest(async (req, ctx) => deleteDomain(ctx, req, ctx.json(domainBodySchema)), { auth: "application" }),
});
