import type { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/db/client";
import { formatMoney } from "./pricing";

/** Adds credit (a top-up or an opening balance) and writes its ledger entry, in the caller's transaction. */
export async function creditAccount(
  tx: Tx,
  input: { accountId: string; amount: Prisma.Decimal; reference: string; description: string },
): Promise<{ ledgerEntryId: string; balance: string }> {
  const { balance } = await tx.billingAccount.update({
    where: { id: input.accountId },
    data: { balance: { increment: input.amount } },
    select: { balance: true },
  });
  const entry = await tx.ledgerEntry.create({
    data: {
      accountId: input.accountId,
      kind: "credit",
      item: "top_up",
      unitPrice: input.amount,
      amount: input.amount,
      balanceAfter: balance,
      reference: input.reference,
      description: input.description,
    },
    select: { id: true },
  });
  return { ledgerEntryId: entry.id, balance: formatMoney(balance) };
}
