import { getDomainContract } from "@/lib/domains/contracts";
import { getDomain } from "@/lib/domains/get-domain";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getDomainContract, async (ctx, { params }) => getDomain(ctx.actor, params.name)),
);
