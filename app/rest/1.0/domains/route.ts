import { createDomainContract, deleteDomainContract, listDomainsContract } from "@/lib/domains/contracts";
import { createDomain } from "@/lib/domains/create-domain";
import { deleteDomain } from "@/lib/domains/delete-domain";
import { listDomains } from "@/lib/domains/list-domains";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

const namedOwner = (request: Request) => request.headers.get("x-service-sp-userid");

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listDomainsContract, async (ctx, { query }) => listDomains(ctx.actor, query)),
  operation(createDomainContract, async (ctx, { body }) => createDomain(ctx.actor, body, namedOwner(ctx.request))),
  operation(deleteDomainContract, async (ctx, { body }) => deleteDomain(ctx.actor, body, namedOwner(ctx.request))),
);
