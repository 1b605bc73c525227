import { hashPassword } from "@/lib/core/crypto/password";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { isGuid, password as passwordRule } from "@/lib/core/validation";

/** Sets a new password and marks it for reset at the user's next login (the portal's "reset password"). */
export async function resetUserPassword(actor: Actor, guid: string, newPassword: string): Promise<void> {
  const plain = passwordRule.parse(newPassword);
  const { count } = isGuid(guid)
    ? await scopedDb(actor).user.updateMany({
        where: { id: guid.toLowerCase() },
        data: { passwordHash: await hashPassword(plain), pwdStatus: "reset" },
      })
    : { count: 0 };
  if (count === 0) throw notFound(`User ${guid}`);
}
