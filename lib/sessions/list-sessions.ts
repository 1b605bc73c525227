import type { AccessToken } from "@prisma/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import type { SessionEntry } from "./contracts";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

function toSessionEntry(t: AccessToken & { application: { name: string; domain: { name: string } } }): SessionEntry {
  return {
    id: t.id,
    application: applicationPublicId(t.application.domain.name, t.application.name),
    scope: t.scope === "read-only" ? "read-only" : "read-write",
    createdWith: t.createdWith === "oauth" ? "oauth" : "xauth",
    created: t.createdAt.toISOString(),
    lastUsed: t.lastUsedAt?.toISOString(),
  };
}

/** A page of the user's live sessions that the actor may see; an unknown or foreign user is a 404. */
export async function listSessions(actor: Actor, userGuid: string, query: ListQuery) {
  const user = await getUserOrThrow(actor, userGuid);
  // Live sessions only: scopedDb adds the tenancy, not the liveness.
  const where = { AND: [{ revokedAt: null, userId: user.id }, query.where] };
  const db = scopedDb(actor);
  const [total, rows] = await Promise.all([
    db.accessToken.count({ where }),
    db.accessToken.findMany({
      where,
      include: { application: { select: { name: true, domain: { select: { name: true } } } } },
      skip: query.skip,
      take: query.take,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
  ]);
  return toPage(query, total, rows.map(toSessionEntry));
}
