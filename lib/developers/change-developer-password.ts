import { z } from "zod";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "@/lib/core/crypto/password";
import { prisma } from "@/lib/core/db/client";
import { isPasswordless } from "@/lib/developers/oauth-developer";
import { ApiError, fieldError } from "@/lib/core/errors/api-error";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { password } from "@/lib/core/validation";

export const changeDeveloperPasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "is required"),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "does not match the new password" });

/**
 * Sets a new password after checking the current one, and ends every other portal session: the
 * session version goes up in the same update, and sessions carrying the old version are refused.
 */
export async function changeDeveloperPassword(actor: DeveloperActor, input: z.input<typeof changeDeveloperPasswordSchema>): Promise<void> {
  const data = changeDeveloperPasswordSchema.parse(input);
  const developer = await prisma.developer.findUnique({ where: { id: actor.developerId }, select: { passwordHash: true } });
  if (developer && isPasswordless(developer.passwordHash)) {
    throw new ApiError("conflict", "Your account signs in with GitHub or Google and has no password to change.");
  }
  if (!(await verifyPassword(data.currentPassword, developer?.passwordHash ?? DUMMY_PASSWORD_HASH)) || !developer) {
    throw fieldError("currentPassword", "is not your current password. Check it and try again.", {
      detail: "currentPassword is not your current password. Check it and try again.",
    });
  }
  const { count } = await prisma.developer.updateMany({
    where: { id: actor.developerId, passwordHash: developer.passwordHash },
    data: { passwordHash: await hashPassword(data.newPassword), sessionVersion: { increment: 1 } },
  });
  if (count === 0) throw new ApiError("conflict", "Your password was changed meanwhile. Sign in again and retry.");
}
