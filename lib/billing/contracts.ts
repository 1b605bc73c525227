import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { userPath } from "@/lib/http/rest/path-params";
import { billingEntrySchema, ledgerEntrySchema } from "./schemas";

// A user's billing, read through the user (docs/billing.md): accounts belong to developers and may
// span domains, so the API shows an account only as seen by one of its members.

export const ledgerFilterable: Filterable = {
  type: { type: "string", column: "kind" },
  item: { type: "string", column: "item" },
  reference: { type: "string", column: "reference" },
  created: { type: "datetime", column: "createdAt" },
};

const noAccount = "A user in no billing account gets 403 billing_required.";

export const getUserBillingContract = defineContract({
  operationId: "getUserBilling",
  method: "GET",
  path: "/billing/{guid}",
  tag: "Billing",
  summary: "Get a user's billing account",
  description: `The account paying for the user's calls, numbers and messages: balance, threshold, status and prices. ${noAccount}`,
  auth: "application",
  params: userPath,
  success: { status: 200, description: "The user's billing account.", entry: billingEntrySchema },
});

export const listUserLedgerContract = defineContract({
  operationId: "listUserLedger",
  method: "GET",
  path: "/billing/{guid}/ledger",
  tag: "Billing",
  summary: "List a user's ledger entries",
  description: `Newest first: this user's own entries (debits, and the release of a call's unused minutes) and the account's top-ups. ${noAccount}`,
  auth: "application",
  params: userPath,
  list: ledgerFilterable,
  success: { status: 200, description: "A page of ledger entries.", entry: ledgerEntrySchema },
});
