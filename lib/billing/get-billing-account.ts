import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { isGuid } from "@/lib/core/validation";
import { toBillingEntry } from "./transform";

/** An account the actor may see or assign (lib/core/tenancy/scope.ts); 404 otherwise. */
export async function getBillingAccountOrThrow(actor: Actor, accountId: string) {
  const account = isGuid(accountId) ? await scopedDb(actor).billingAccount.findFirst({ where: { id: accountId.toLowerCase() } }) : null;
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
    scopedDb(actor).user.findMany({ where: { accountId: account.id }, select: userSummary, orderBy: [...byDomainAndLogin] }),
    scopedDb(actor).user.findMany({
      where: { OR: [{ accountId: null }, { accountId: { not: account.id } }] },
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
