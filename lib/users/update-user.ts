import { assignableAccountId } from "@/lib/billing/assignable-account";
import { hashPassword } from "@/lib/core/crypto/password";
import { notFound, fieldError } from "@/lib/core/errors/api-error";
import { withoutUnchangedReadOnly } from "@/lib/http/rest/read-only-fields";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { USER_READ_ONLY, type UpdateUserInput } from "./schemas";
import { toUserEntry } from "./transform";
import { withDomainName } from "@/lib/core/tenancy/with-domain-name";

/** Changes a user's names, locale, password or billing account; a new password clears a pending reset. */
export async function updateUser(actor: Actor, guid: string, input: UpdateUserInput) {
  const current = toUserEntry(await getUserOrThrow(actor, guid));
  const changes = withoutUnchangedReadOnly(input, current, USER_READ_ONLY);
  if (changes.pwdStatus !== undefined && changes.pwdStatus !== current.pwdStatus && changes.pwdStatus !== "reset") {
    throw fieldError("pwdStatus", 'can only be set to "reset"');
  }
  // Sending back the current account (or none) is not a change, so a user's token may PUT its GET representation.
  const accountChanged = changes.accountId !== undefined && changes.accountId !== (current.accountId ?? null);
  const accountId = accountChanged ? await assignableAccountId(actor, changes.accountId!) : undefined;
  const { count } = await scopedDb(actor).user.updateMany({
    where: { id: current.guid },
    data: {
      ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
      ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
      ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
      ...(changes.pwdStatus === "reset" ? { pwdStatus: "reset" } : {}),
      ...(changes.password ? { passwordHash: await hashPassword(changes.password), pwdStatus: "ok" } : {}),
      ...(accountId !== undefined ? { accountId } : {}),
    },
  });
  if (count === 0) throw notFound(`User ${guid}`);
  return toUserEntry(await scopedDb(actor).user.findUniqueOrThrow({ where: { id: current.guid }, include: withDomainName }));
}
