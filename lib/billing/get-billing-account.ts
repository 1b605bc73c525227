import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { billingAccountScope, userScope } from "@/lib/core/tenancy/scope";
import { isGuid } from "@/lib/core/validation";
import { toBillingEntry } from "./transform";

/** An account the actor may see or assign (lib/core/tenancy/scope.ts); 404 otherwise. */
export async function getBillingAccountOrThrow(actor: Actor, accountId: string) {
  const account = isGuid(accountId)
    ? await prisma.billingAccount.findFirst({ where: { AND: [{ id: accountId.toLowerCase() }, billingAccountScope(actor)] } })
    : null;
  if (!account) throw notFound(`Billing account ${accountId}`);
  return account;
}

const CANDIDATES = 100;
const userSummary = { id: true, login: true, firstName: true, lastName: true, domain: { select: { name: true } } } as const;
const byDomainAndLogin = [{ domain: { name: "asc" } }, { login: "asc" }] as const;

/**
 * The portal's account page: the account, its members, and up to 100 users of the developer's
 * domains outside it (suggestions for "Add member").
 */
export async function getBillingAccount(actor: Actor, accountId: string) {
  const account = await getBillingAccountOrThrow(actor, accountId);
  const [members, candidates] = await Promise.all([
    prisma.user.findMany({ where: { AND: [{ accountId: account.id }, userScope(actor)] }, select: userSummary, orderBy: [...byDomainAndLogin] }),
    prisma.user.findMany({
      where: { AND: [{ OR: [{ accountId: null }, { accountId: { not: account.id } }] }, userScope(actor)] },
      select: userSummary,
      orderBy: [...byDomainAndLogin],
      take: CANDIDATES,
    }),
  ]);
  const summary = (m: (typeof members)[number]) => ({
    guid: m.id,
    ref: `${m.domain.name}:${m.login}`,
    name: [m.firstName, m.lastName].filter(Boolean).join(" "),
  });
  return { ...toBillingEntry(account), created: account.createdAt.toISOString(), members: members.map(summary), candidates: candidates.map(summary) };
}
