import { z } from "zod";

// The one pricing table (docs/billing.md): the price of each billable item per currency, in the
// currency's units with up to 4 decimals. BILLING_PRICES (JSON, same shape) replaces the defaults.

export const PRICED_ITEMS = ["purpose_number_month", "call_minute", "sms"] as const;
export type PricedItem = (typeof PRICED_ITEMS)[number];

/** A non-negative amount with at most 4 decimals, as a string so no float ever rounds it. */
export const moneyAmount = z.string().regex(/^\d{1,12}(\.\d{1,4})?$/, "must be an amount such as 12.50 (up to 4 decimals)");

export const priceTableSchema = z
  .record(
    z.string().regex(/^[A-Z]{3}$/, "currencies are ISO 4217 codes such as USD"),
    z.strictObject({ purpose_number_month: moneyAmount, call_minute: moneyAmount, sms: moneyAmount }),
  )
  .refine((table) => Object.keys(table).length > 0, "name at least one currency");

export type PriceTable = z.infer<typeof priceTableSchema>;

/** Fictional default prices: a purpose number per month, a call per started minute, an SMS. */
export const DEFAULT_PRICES: PriceTable = {
  USD: { purpose_number_month: "1.00", call_minute: "0.02", sms: "0.01" },
  GBP: { purpose_number_month: "0.80", call_minute: "0.015", sms: "0.04" },
  EUR: { purpose_number_month: "0.90", call_minute: "0.018", sms: "0.07" },
};

/** BILLING_PRICES as config() parses it: JSON text checked against the table's shape. */
export const priceTableJson = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: 'must be JSON such as {"USD":{"purpose_number_month":"1.00","call_minute":"0.02","sms":"0.01"}}' });
      return z.NEVER;
    }
  })
  .pipe(priceTableSchema);
