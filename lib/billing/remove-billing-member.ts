import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { isGuid } from "@/lib/core/validation";
import { getBillingAccountOrThrow } from "./get-billing-account";

/** Takes a user out of this account (only if it is still in it); its billable actions are 403 until it joins another. */
export async function removeBillingMember(actor: Actor, accountId: string, userGuid: string) {
  const account = await getBillingAccountOrThrow(actor, accountId);
  const { count } = isGuid(userGuid)
    ? await scopedDb(actor).user.updateMany({ where: { id: userGuid.toLowerCase(), accountId: account.id }, data: { accountId: null } })
    : { count: 0 };
  if (count === 0) throw notFound(`Member ${userGuid} of this account`);
}
