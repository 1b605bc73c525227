import { Prisma } from "@prisma/client";
import { config } from "@/lib/core/config";
import { PRICED_ITEMS, type PricedItem, type PriceTable } from "@/lib/core/price-table";

// Prices as decimals, read from the configured table (config().billingPrices).

export function unitPrice(currency: string, item: PricedItem, table: PriceTable = config().billingPrices): Prisma.Decimal {
  const prices = Object.hasOwn(table, currency) ? table[currency] : undefined;
  // Accounts only open in a currency of the table; one missing now means the table lost it.
  if (!prices) throw new Error(`The pricing table (BILLING_PRICES) has no prices in ${currency}; restore that currency.`);
  return new Prisma.Decimal(prices[item]);
}

/** The cheapest billable item in a currency: a balance below it can pay for nothing. */
export function cheapestPrice(currency: string, table: PriceTable = config().billingPrices): Prisma.Decimal {
  return Prisma.Decimal.min(...PRICED_ITEMS.map((item) => unitPrice(currency, item, table)));
}

/** The currencies accounts can open in: those of the pricing table. */
export const billingCurrencies = (table: PriceTable = config().billingPrices) => Object.keys(table);

/** 10 -> "10.00", 0.015 -> "0.015": at least 2 decimals, at most the 4 stored. */
export function formatMoney(amount: Prisma.Decimal): string {
  return amount.toFixed(4).replace(/0{1,2}$/, "");
}
