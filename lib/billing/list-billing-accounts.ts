import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { toBillingEntry } from "./transform";

/** The developer's accounts with their member counts, oldest first (the portal's Billing page). */
export async function listBillingAccounts(actor: Actor) {
  const accounts = await scopedDb(actor).billingAccount.findMany({
    include: { _count: { select: { members: true } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return accounts.map((a) => ({ ...toBillingEntry(a), members: a._count.members, created: a.createdAt.toISOString() }));
}
