import type { Prisma } from "@prisma/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { toDomainEntry } from "./schemas";

export async function listDomains(actor: Actor, query: ListQuery) {
  const where: Prisma.DomainWhereInput = query.where;
  const db = scopedDb(actor);
  const [total, rows] = await Promise.all([
    db.domain.count({ where }),
    db.domain.findMany({ where, skip: query.skip, take: query.take, orderBy: { name: "asc" } }),
  ]);
  return toPage(query, total, rows.map(toDomainEntry));
}
