import { prisma } from "@/lib/core/db/client";
import type { DeveloperSession } from "@/lib/developers/developers";

/** Stored instead of a password hash for accounts made by a third-party sign-in: no password matches it. */
const oauthMarker = (provider: string) => `oauth:${provider}`;

/** True for an account made by a GitHub or Google sign-in: it has no password to check or change. */
export const isPasswordless = (passwordHash: string) => passwordHash.startsWith("oauth:");

/**
 * The developer behind a GitHub or Google sign-in, found by email. A new email gets a new
 * developer account without a usable password. An existing account is used when this provider
 * made it, or when the provider vouches that the email is verified (`verified`), so nobody can
 * take over a password account by putting its address on a third-party profile. Null: refuse.
 */
export async function developerForOAuthProfile(provider: string, email: string, name: string, verified: boolean): Promise<DeveloperSession | null> {
  const normalized = email.trim().toLowerCase();
  const existing = await prisma.developer.findUnique({ where: { email: normalized } });
  if (existing) {
    const ours = existing.passwordHash === oauthMarker(provider);
    return ours || verified ? { id: existing.id, email: existing.email, name: existing.name } : null;
  }
  const created = await prisma.developer.create({
    data: { email: normalized, name: name.trim().slice(0, 100) || normalized, passwordHash: oauthMarker(provider) },
  });
  return { id: created.id, email: created.email, name: created.name };
}
