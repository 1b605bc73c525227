import type { Prisma } from "@prisma/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { ensureCallsReady } from "./calls-ready";
import { toCallEntries } from "./get-call";
import { withLegs } from "./transform";

/** A page of the calls `owner` selects (a user's, an application's) within the actor's scope, newest first. */
export async function pageOfCalls(actor: Actor, owner: Prisma.CallWhereInput, query: ListQuery) {
  await ensureCallsReady();
  const where: Prisma.CallWhereInput = { AND: [owner, query.where] };
  const db = scopedDb(actor);
  const [total, rows] = await Promise.all([
    db.call.count({ where }),
    db.call.findMany({ where, include: withLegs, skip: query.skip, take: query.take, orderBy: [{ startTime: "desc" }, { id: "desc" }] }),
  ]);
  return toPage(query, total, await toCallEntries(rows));
}

/** A page of a user's call history, newest first. */
export async function listCalls(actor: Actor, guid: string, query: ListQuery) {
  const user = await getUserOrThrow(actor, guid);
  return pageOfCalls(actor, { userId: user.id }, query);
}
