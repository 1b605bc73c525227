import { toApplicationEntry } from "@/lib/applications/transform";
import { parseListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { listUsers } from "@/lib/users/list-users";
import { getDomainOrThrow } from "./get-domain";

// The portal's read model of domains: each with how many applications and users it holds.

export async function listDomainOverviews(actor: Actor) {
  const domains = await scopedDb(actor).domain.findMany({
    include: { _count: { select: { applications: true, users: true } } },
    orderBy: { name: "asc" },
  });
  return domains.map((d) => ({
    name: d.name,
    isDefault: d.isDefault,
    created: d.createdAt.toISOString(),
    applications: d._count.applications,
    users: d._count.users,
  }));
}

/** One domain with its applications and a page of its users (`usersQuery`: startIndex/count as in the API). */
export async function getDomainOverview(actor: Actor, name: string, usersQuery = new URLSearchParams()) {
  const domain = await getDomainOrThrow(actor, name);
  const [applications, users] = await Promise.all([
    scopedDb(actor).application.findMany({ where: { domainId: domain.id }, include: { domain: true }, orderBy: { createdAt: "asc" } }),
    listUsers(actor, parseListQuery(usersQuery, {}), { domainId: domain.id }),
  ]);
  return {
    id: domain.id,
    name: domain.name,
    isDefault: domain.isDefault,
    created: domain.createdAt.toISOString(),
    applications: applications.map((a) => ({ ...toApplicationEntry(a), internalId: a.id })),
    users,
  };
}
