import type { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import { publishCreditEvents } from "./credit-events";
import type { PricedItem } from "@/lib/core/price-table";
import { formatMoney, unitPrice } from "./pricing";

export type { PricedItem } from "@/lib/core/price-table";

export interface ChargeInput {
  accountId: string;
  item: PricedItem;
  /** Whole units of the item (started minutes, messages, months); default 1. */
  quantity?: number;
  /** A price fixed earlier (a call's minute price when it was placed); default the pricing table's. */
  unitPrice?: Prisma.Decimal;
  /** The user the action is for; shown in the ledger and the events. */
  userId?: string;
  /** What is paid for, e.g. "call:<id>" or "device:service:447700900123". */
  reference: string;
  description: string;
}

/**
 * Debits the account by the pricing table inside the caller's transaction and writes the ledger
 * entry. The debit is one conditional UPDATE (balance >= amount): PostgreSQL re-checks that
 * condition on the locked row, so concurrent debits queue and the balance never goes below zero
 * (the CHECK constraint backs it up). The row stays locked until the caller commits.
 * Throws "credit_exhausted" (409) when the balance cannot cover the amount.
 */
export async function chargeAccount(tx: Tx, input: ChargeInput): Promise<{ ledgerEntryId: string; balance: string }> {
  const quantity = input.quantity ?? 1;
  if (!Number.isSafeInteger(quantity) || quantity < 1)
    throw new Error(`chargeAccount: quantity must be a whole number of 1 or more, got ${quantity}`);
  const account = await tx.billingAccount.findUnique({
    where: { id: input.accountId },
    select: { id: true, name: true, currency: true, lowCreditThreshold: true },
  });
  if (!account) throw notFound(`Billing account ${input.accountId}`);
  const price = input.unitPrice ?? unitPrice(account.currency, input.item);
  const amount = price.times(quantity);

  const { count } = await tx.billingAccount.updateMany({
    where: { id: account.id, balance: { gte: amount } },
    data: { balance: { decrement: amount } },
  });
  if (count === 0) {
    const { balance } = await tx.billingAccount.findUniqueOrThrow({ where: { id: account.id }, select: { balance: true } });
    throw new ApiError(
      "credit_exhausted",
      `The billing account "${account.name}" has ${formatMoney(balance)} ${account.currency} left; this costs ${formatMoney(amount)} ${account.currency}. ` +
        "The developer can add credit in the developer portal (Billing page).",
      { extra: { balance: formatMoney(balance), price: formatMoney(amount), currency: account.currency } },
    );
  }
  const { balance } = await tx.billingAccount.findUniqueOrThrow({ where: { id: account.id }, select: { balance: true } });
  const entry = await tx.ledgerEntry.create({
    data: {
      accountId: account.id,
      kind: "debit",
      item: input.item,
      quantity,
      unitPrice: price,
      amount: amount.negated(),
      balanceAfter: balance,
      userId: input.userId,
      reference: input.reference,
      description: input.description,
    },
    select: { id: true },
  });
  await publishCreditEvents(tx, { account, before: balance.plus(amount), after: balance, userId: input.userId });
  return { ledgerEntryId: entry.id, balance: formatMoney(balance) };
}
