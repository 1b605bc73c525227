import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/rest/api-error";
import { toApplicationEntry } from "@/lib/applications/transform";
import { toUserEntry } from "@/lib/users/transform";

// The developer portal's view of domains: only the signed-in developer's own.

export async function listDeveloperDomains(developerId: string) {
  const domains = await prisma.domain.findMany({
    where: { ownerId: developerId },
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

export async function getDeveloperDomain(developerId: string, name: string) {
  const domain = await prisma.domain.findFirst({
    where: { name, ownerId: developerId },
    include: {
      applications: { include: { domain: true }, orderBy: { createdAt: "asc" } },
      users: { orderBy: { createdAt: "asc" }, take: 500 },
    },
  });
  if (!domain) throw notFound(`Domain ${name}`);
  return {
    id: domain.id,
    name: domain.name,
    isDefault: domain.isDefault,
    created: domain.createdAt.toISOString(),
    applications: domain.applications.map((a) => ({ ...toApplicationEntry(a), internalId: a.id })),
    users: domain.users.map((u) => toUserEntry(u, domain.name)),
  };
}
