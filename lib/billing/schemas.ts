import { z } from "zod";
import { guid } from "@/lib/core/validation";
import { moneyAmount, PRICED_ITEMS } from "@/lib/core/price-table";

const accountName = z.string().trim().min(1, "is required").max(100, "is at most 100 characters");
const positiveAmount = moneyAmount.refine((v) => Number(v) > 0, "must be more than 0");

/** The portal's "new billing account" form. The currency must be one of the pricing table's (checked by the service). */
export const createBillingAccountSchema = z.strictObject({
  name: accountName,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD"),
  /** Opening credit, written to the ledger as the first top-up. */
  credit: moneyAmount.default("0"),
  lowCreditThreshold: moneyAmount.default("0"),
});

export const updateBillingAccountSchema = z.strictObject({ name: accountName.optional(), lowCreditThreshold: moneyAmount.optional() });

export const topUpSchema = z.strictObject({
  amount: positiveAmount.refine((v) => Number(v) <= 1_000_000, "is at most 1000000 per top-up"),
  note: z.string().trim().max(200, "is at most 200 characters").optional(),
});

export type CreateBillingAccountInput = z.infer<typeof createBillingAccountSchema>;
export type UpdateBillingAccountInput = z.infer<typeof updateBillingAccountSchema>;
export type TopUpInput = z.infer<typeof topUpSchema>;

const money = z.string().meta({ description: "An amount in the account's currency, as a decimal string (up to 4 decimals).", example: "12.50" });

export const billingEntrySchema = z
  .object({
    accountId: guid,
    name: z.string(),
    currency: z.string().meta({ description: "ISO 4217 code.", example: "USD" }),
    balance: money,
    lowCreditThreshold: money,
    status: z.enum(["ok", "low", "exhausted"]).meta({ description: "low: below the threshold; exhausted: cannot pay for the cheapest item." }),
    prices: z.object(Object.fromEntries(PRICED_ITEMS.map((item) => [item, money])) as Record<(typeof PRICED_ITEMS)[number], typeof money>),
  })
  .meta({ id: "Billing" });

export const ledgerEntrySchema = z
  .object({
    id: guid,
    type: z.enum(["debit", "credit"]),
    item: z.string().meta({ description: 'A priced item ("purpose_number_month", "call_minute", "sms") or "top_up".' }),
    quantity: z.number().int(),
    unitPrice: money,
    amount: money.meta({ description: "Signed: negative for debits, positive for credits." }),
    balance: money.meta({ description: "The account's balance after this entry." }),
    currency: z.string(),
    user: guid.optional().meta({ description: "The user the debit was for." }),
    reference: z.string(),
    description: z.string(),
    created: z.iso.datetime(),
  })
  .meta({ id: "LedgerEntry" });

export type BillingEntry = z.infer<typeof billingEntrySchema>;
export type LedgerEntryView = z.infer<typeof ledgerEntrySchema>;
