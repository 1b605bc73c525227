import type { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import type { PricedItem } from "@/lib/core/price-table";
import { formatMoney } from "./pricing";

export interface CreditInput {
  accountId: string;
  amount: Prisma.Decimal;
  reference: string;
  description: string;
  /** What is given back (e.g. a call's unused minutes: "call_minute", their count and price); default a top-up. */
  refund?: { item: PricedItem; quantity: number; unitPrice: Prisma.Decimal; userId: string };
}

/** Adds credit (a top-up, an opening balance, or a refund) and writes its ledger entry, in the caller's transaction. */
export async function creditAccount(tx: Tx, input: CreditInput): Promise<{ ledgerEntryId: string; balance: string }> {
  const { balance } = await tx.billingAccount.update({
    where: { id: input.accountId },
    data: { balance: { increment: input.amount } },
    select: { balance: true },
  });
  const entry = await tx.ledgerEntry.create({
    data: {
      accountId: input.accountId,
      kind: "credit",
      item: input.refund?.item ?? "top_up",
      quantity: input.refund?.quantity,
      unitPrice: input.refund?.unitPrice ?? input.amount,
      userId: input.refund?.userId,
      amount: input.amount,
      balanceAfter: balance,
      reference: input.reference,
      description: input.description,
    },
    select: { id: true },
  });
  return { ledgerEntryId: entry.id, balance: formatMoney(balance) };
}
