import type { Prisma } from "@prisma/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { toTokenEntry, withActiveCalls } from "./transform";

/** A page of a user's guest tokens, revoked ones included, newest first. */
export async function listTokens(actor: Actor, guid: string, query: ListQuery) {
  const user = await getUserOrThrow(actor, guid);
  const where: Prisma.GuestTokenWhereInput = { AND: [{ userId: user.id }, query.where] };
  const db = scopedDb(actor);
  const [total, rows] = await Promise.all([
    db.guestToken.count({ where }),
    db.guestToken.findMany({
      where,
      include: withActiveCalls(),
      skip: query.skip,
      take: query.take,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
  ]);
  return toPage(
    query,
    total,
    rows.map((row) => toTokenEntry(row)),
  );
}
