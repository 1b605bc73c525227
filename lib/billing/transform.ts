import type { BillingAccount, LedgerEntry } from "@prisma/client";
import { PRICED_ITEMS } from "@/lib/core/price-table";
import { cheapestPrice, formatMoney, unitPrice } from "./pricing";
import type { BillingEntry, LedgerEntryView } from "./schemas";

type AccountMoney = Pick<BillingAccount, "balance" | "lowCreditThreshold" | "currency">;

/** "exhausted" when the balance pays for nothing, "low" below the threshold, else "ok". */
export function creditStatus(account: AccountMoney): BillingEntry["status"] {
  if (account.balance.lt(cheapestPrice(account.currency))) return "exhausted";
  return account.balance.lt(account.lowCreditThreshold) ? "low" : "ok";
}

export function toBillingEntry(account: BillingAccount): BillingEntry {
  return {
    accountId: account.id,
    name: account.name,
    currency: account.currency,
    balance: formatMoney(account.balance),
    lowCreditThreshold: formatMoney(account.lowCreditThreshold),
    status: creditStatus(account),
    prices: Object.fromEntries(PRICED_ITEMS.map((item) => [item, formatMoney(unitPrice(account.currency, item))])) as BillingEntry["prices"],
  };
}

export function toLedgerEntry(entry: LedgerEntry, currency: string): LedgerEntryView {
  return {
    id: entry.id,
    type: entry.kind === "credit" ? "credit" : "debit",
    item: entry.item,
    quantity: entry.quantity,
    unitPrice: formatMoney(entry.unitPrice),
    amount: formatMoney(entry.amount),
    balance: formatMoney(entry.balanceAfter),
    currency,
    user: entry.userId ?? undefined,
    reference: entry.reference,
    description: entry.description,
    created: entry.createdAt.toISOString(),
  };
}
