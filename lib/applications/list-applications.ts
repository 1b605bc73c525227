import { parseListQuery, toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { toApplicationEntry, toPortalApplication } from "./transform";

async function findApplications(actor: Actor, query: ListQuery) {
  const where = query.where;
  const db = scopedDb(actor);
  return Promise.all([
    db.application.count({ where }),
    db.application.findMany({ where, include: { domain: true }, skip: query.skip, take: query.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
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
