import { prisma } from "@/lib/core/db/client";
import { parseListQuery, toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { applicationScope } from "@/lib/core/tenancy/scope";
import { toApplicationEntry, toPortalApplication } from "./transform";

async function findApplications(actor: Actor, query: ListQuery) {
  const where = { AND: [applicationScope(actor), query.where] };
  return Promise.all([
    prisma.application.count({ where }),
    prisma.application.findMany({ where, include: { domain: true }, skip: query.skip, take: query.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
}

/** A page of the applications the actor may see: through the API, those of its own domain. */
export async function listApplications(actor: Actor, query: ListQuery) {
  const [total, rows] = await findApplications(actor, query);
  return toPage(query, total, rows.map(toApplicationEntry));
}

/** The portal's list: the same applications with their internal ids and consumer keys. */
export async function listPortalApplications(actor: Actor, params = new URLSearchParams()) {
  const query = parseListQuery(params, {});
  const [total, rows] = await findApplications(actor, query);
  return toPage(query, total, rows.map(toPortalApplication));
}
