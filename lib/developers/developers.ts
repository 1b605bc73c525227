import { z } from "zod";
import { ApiError } from "@/lib/core/errors/api-error";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "@/lib/core/crypto/password";
import { prisma } from "@/lib/core/db/client";
import { password } from "@/lib/core/validation";

export const signUpSchema = z.object({
  name: z.string().trim().min(1, "is required").max(100, "is at most 100 characters"),
  email: z.email("must be an email address").trim().toLowerCase(),
  password,
});

export interface DeveloperSession {
  id: string;
  email: string;
  name: string;
}

export async function createDeveloper(input: z.infer<typeof signUpSchema>): Promise<DeveloperSession> {
  const data = signUpSchema.parse(input);
  const existing = await prisma.developer.findUnique({ where: { email: data.email } });
  if (existing) throw new ApiError("conflict", "An account with this email already exists. Sign in instead.");
  const developer = await prisma.developer.create({
    data: { email: data.email, name: data.name, passwordHash: await hashPassword(data.password) },
  });
  return { id: developer.id, email: developer.email, name: developer.name };
}

/** Returns the developer for a correct email and password, null otherwise (same cost either way). */
export async function verifyDeveloperCredentials(email: string, plain: string): Promise<DeveloperSession | null> {
  const developer = await prisma.developer.findUnique({ where: { email: email.trim().toLowerCase() } });
  const ok = await verifyPassword(plain, developer?.passwordHash ?? DUMMY_PASSWORD_HASH);
  return developer && ok ? { id: developer.id, email: developer.email, name: developer.name } : null;
}
