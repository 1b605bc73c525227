import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/db/client";
import { toPage, type ListQuery } from "@/lib/rest/list-query";
import type { Actor } from "@/lib/tenancy/actor";
import { userScope } from "@/lib/tenancy/scope";
import { toUserEntry, withDomainName } from "./transform";

/** A page of the users the actor may see, oldest first; `within` narrows to one domain (the portal). */
export async function listUsers(actor: Actor, query: ListQuery, within?: { domainId: string }) {
  const where: Prisma.UserWhereInput = { AND: [userScope(actor), query.where, within ?? {}] };
  const [total, rows] = await Promise.all([
    prisma.user.count({ where }),
    prisma.user.findMany({ where, include: withDomainName, skip: query.skip, take: query.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return toPage(query, total, rows.map(toUserEntry));
}
