import type { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import { publishEvent } from "@/lib/outbox/publish";
import { cheapestPrice, formatMoney } from "./pricing";

interface BalanceChange {
  account: { id: string; name: string; currency: string; lowCreditThreshold: Prisma.Decimal };
  before: Prisma.Decimal;
  after: Prisma.Decimal;
  userId?: string;
}

/** Which credit events a debit from `before` to `after` causes: each threshold crossed downwards once. */
export function creditEventTypes(change: Omit<BalanceChange, "userId">, cheapest: Prisma.Decimal): string[] {
  const crossed = (limit: Prisma.Decimal) => change.before.gte(limit) && change.after.lt(limit);
  return [
    ...(crossed(change.account.lowCreditThreshold) ? ["CreditLow"] : []),
    // "At zero": the balance can no longer pay for the cheapest billable item.
    ...(crossed(cheapest) ? ["CreditExhausted"] : []),
  ];
}

/**
 * Publishes CreditLow / CreditExhausted through the outbox to the applications that care about the
 * account: those of the domains its members live in, and those that make it their default.
 */
export async function publishCreditEvents(tx: Tx, change: BalanceChange): Promise<void> {
  const types = creditEventTypes(change, cheapestPrice(change.account.currency));
  if (types.length === 0) return;
  const accountId = change.account.id;
  const applications = await tx.application.findMany({
    where: { OR: [{ domain: { users: { some: { accountId } } } }, { defaultBillingAccountId: accountId }] },
    select: { id: true },
  });
  const params = {
    accountId,
    accountName: change.account.name,
    currency: change.account.currency,
    balance: formatMoney(change.after),
    lowCreditThreshold: formatMoney(change.account.lowCreditThreshold),
    ...(change.userId ? { userId: change.userId } : {}),
  };
  for (const type of types) {
    for (const { id } of applications) {
      await publishEvent(tx, { applicationId: id, type, resourcePath: change.userId ? `/billing/${change.userId}` : "/billing", params });
    }
  }
}
