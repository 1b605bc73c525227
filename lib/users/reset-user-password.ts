import { hashPassword } from "@/lib/core/crypto/password";
import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { userScope } from "@/lib/core/tenancy/scope";
import { isGuid, password as passwordRule } from "@/lib/core/validation";

/** Sets a new password and marks it for reset at the user's next login (the portal's "reset password"). */
export async function resetUserPassword(actor: Actor, guid: string, newPassword: string): Promise<void> {
  const plain = passwordRule.parse(newPassword);
  const { count } = isGuid(guid)
    ? await prisma.user.updateMany({
        where: { AND: [{ id: guid.toLowerCase() }, userScope(actor)] },
        data: { passwordHash: await hashPassword(plain), pwdStatus: "reset" },
      })
    : { count: 0 };
  if (count === 0) throw notFound(`User ${guid}`);
}
