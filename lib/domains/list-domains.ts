import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { domainScope } from "@/lib/core/tenancy/scope";
import { toDomainEntry } from "./schemas";

export async function listDomains(actor: Actor, query: ListQuery) {
  const where: Prisma.DomainWhereInput = { AND: [domainScope(actor), query.where] };
  const [total, rows] = await Promise.all([
    prisma.domain.count({ where }),
    prisma.domain.findMany({ where, skip: query.skip, take: query.take, orderBy: { name: "asc" } }),
  ]);
  return toPage(query, total, rows.map(toDomainEntry));
}
