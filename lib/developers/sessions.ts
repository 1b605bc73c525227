import { prisma } from "@/lib/core/db/client";

// Portal sessions are JWTs carrying the developer's sessionVersion from sign-in; lib/portal/auth.ts refuses a
// token whose version is no longer the developer's, so bumping it ends every session at once.

/** Ends every portal session of the developer (sign-out, password change); they must sign in again. */
export async function endDeveloperSessions(developerId: string): Promise<void> {
  await prisma.developer.updateMany({ where: { id: developerId }, data: { sessionVersion: { increment: 1 } } });
}

/** The version a valid session must carry; null when the account no longer exists. */
export async function developerSessionVersion(developerId: string): Promise<number | null> {
  const developer = await prisma.developer.findUnique({ where: { id: developerId }, select: { sessionVersion: true } });
  return developer?.sessionVersion ?? null;
}
