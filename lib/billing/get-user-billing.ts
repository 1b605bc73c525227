import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { requireBillingAccount } from "./require-billing-account";
import { toBillingEntry } from "./transform";

/** The user's account as the actor may see the user (404 otherwise); 403 billing_required without one. */
export async function getUserAccountOrThrow(actor: Actor, userGuid: string) {
  const user = await getUserOrThrow(actor, userGuid);
  const { accountId } = await requireBillingAccount(user.id);
  return { user, account: await prisma.billingAccount.findUniqueOrThrow({ where: { id: accountId } }) };
}

export async function getUserBilling(actor: Actor, userGuid: string) {
  return toBillingEntry((await getUserAccountOrThrow(actor, userGuid)).account);
}
