import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { userScope } from "@/lib/core/tenancy/scope";
import { isGuid } from "@/lib/core/validation";
import { getBillingAccountOrThrow } from "./get-billing-account";

/** Takes a user out of this account (only if it is still in it); its billable actions are 403 until it joins another. */
export async function removeBillingMember(actor: Actor, accountId: string, userGuid: string) {
  const account = await getBillingAccountOrThrow(actor, accountId);
  const { count } = isGuid(userGuid)
    ? await prisma.user.updateMany({ where: { AND: [{ id: userGuid.toLowerCase(), accountId: account.id }, userScope(actor)] }, data: { accountId: null } })
    : { count: 0 };
  if (count === 0) throw notFound(`Member ${userGuid} of this account`);
}
