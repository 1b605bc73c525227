import { Prisma } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { developerOnly } from "./create-billing-account";
import { creditAccount } from "./credit-account";
import { getBillingAccountOrThrow } from "./get-billing-account";
import type { TopUpInput } from "./schemas";

/** A manual top-up by the developer (no payment provider: docs/billing.md). */
export async function topUpBillingAccount(actor: Actor, accountId: string, input: TopUpInput) {
  developerOnly(actor);
  const account = await getBillingAccountOrThrow(actor, accountId);
  return prisma.$transaction((tx) =>
    creditAccount(tx, {
      accountId: account.id,
      amount: new Prisma.Decimal(input.amount),
      reference: `portal:top-up:${actor.developerId}`,
      description: input.note || "Manual top-up",
    }),
  );
}
