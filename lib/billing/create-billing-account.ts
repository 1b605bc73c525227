import { Prisma } from "@prisma/client";
import { prisma, type Tx } from "@/lib/core/db/client";
import { ApiError, fieldError } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { creditAccount } from "./credit-account";
import { billingCurrencies } from "./pricing";
import type { CreateBillingAccountInput } from "./schemas";

export function developerOnly(actor: Actor): asserts actor is Extract<Actor, { kind: "developer" }> {
  if (actor.kind !== "developer") throw new ApiError("forbidden", "Billing accounts are managed by the developer in the developer portal.");
}

/** Account names are unique per developer: a taken one is a 409 that says so. */
export async function assertAccountNameFree(db: Tx, developerId: string, name: string) {
  const taken = await db.billingAccount.findFirst({ where: { developerId, name }, select: { id: true } });
  if (taken) throw new ApiError("conflict", `You already have a billing account named "${name}". Choose another name.`);
}

/** A new account of the developer; an opening credit is written to the ledger as its first top-up. A taken name is a 409. */
export async function createBillingAccount(actor: Actor, input: CreateBillingAccountInput) {
  developerOnly(actor);
  const currencies = billingCurrencies();
  if (!currencies.includes(input.currency)) {
    throw fieldError("currency", `must be one of ${currencies.join(", ")}`, {
      detail: `currency must be one of ${currencies.join(", ")} (the pricing table's currencies)`,
    });
  }
  return prisma.$transaction(async (tx) => {
    await assertAccountNameFree(tx, actor.developerId, input.name);
    const account = await tx.billingAccount.create({
      data: { developerId: actor.developerId, name: input.name, currency: input.currency, lowCreditThreshold: input.lowCreditThreshold },
    });
    const credit = new Prisma.Decimal(input.credit);
    if (credit.gt(0)) {
      await creditAccount(tx, { accountId: account.id, amount: credit, reference: "portal:opening-credit", description: "Opening credit" });
    }
    return account;
  });
}
