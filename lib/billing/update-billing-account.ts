import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { assertAccountNameFree, developerOnly } from "./create-billing-account";
import { getBillingAccountOrThrow } from "./get-billing-account";
import type { UpdateBillingAccountInput } from "./schemas";

/** Renames an account or changes its low-credit threshold; the currency never changes. */
export async function updateBillingAccount(actor: Actor, accountId: string, input: UpdateBillingAccountInput) {
  developerOnly(actor);
  const account = await getBillingAccountOrThrow(actor, accountId);
  if (input.name && input.name !== account.name) {
    await assertAccountNameFree(prisma, actor.developerId, input.name);
  }
  const { count } = await scopedDb(actor).billingAccount.updateMany({ where: { id: account.id }, data: input });
  if (count === 0) throw notFound(`Billing account ${accountId}`);
}
