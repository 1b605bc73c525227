import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { updateUser } from "@/lib/users/update-user";
import { isGuid } from "@/lib/core/validation";
import { getBillingAccountOrThrow } from "@/lib/billing/get-billing-account";

/** "<domain>:<login>" or a GUID, among the users the actor may see. */
function userRef(ref: string) {
  if (isGuid(ref)) return { id: ref.toLowerCase() };
  const i = ref.indexOf(":");
  return i > 0 ? { login: ref.slice(i + 1), domain: { name: ref.slice(0, i) } } : undefined;
}

/**
 * Puts a user of the developer's domains in the account (the portal's "Add member"), moving it out
 * of the account it was in. Answers the user and the account it left, if any.
 */
export async function addBillingMember(actor: Actor, accountId: string, ref: string) {
  const account = await getBillingAccountOrThrow(actor, accountId);
  const where = userRef(ref.trim());
  const user = where ? await scopedDb(actor).user.findFirst({ where, select: { id: true, account: { select: { id: true, name: true } } } }) : null;
  if (!user) throw notFound(`User ${ref.trim()}`);
  const entry = await updateUser(actor, user.id, { accountId: account.id });
  return { user: entry, previousAccount: user.account && user.account.id !== account.id ? user.account.name : undefined };
}
