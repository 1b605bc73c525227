import type { User } from "@prisma/client";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/lib/crypto/password";
import { prisma } from "@/lib/db/client";
import { ApiError } from "@/lib/rest/api-error";

export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_MAX_FAILURES = 10;

/**
 * Checks a user's login and password within a domain. A wrong password and an unknown login give
 * the same 401 at the same cost; after 10 failures in 15 minutes the login is refused (403 with
 * Retry-After) until the oldest failure leaves the window, even with the right password.
 */
export async function authenticateUser(domainId: string, login: string, password: string): Promise<User> {
  const since = new Date(Date.now() - LOCKOUT_WINDOW_MS);
  const failures = await prisma.loginFailure.findMany({
    where: { domainId, login, createdAt: { gt: since } },
    orderBy: { createdAt: "asc" },
    select: { createdAt: true },
  });
  if (failures.length >= LOCKOUT_MAX_FAILURES) {
    const retryAfter = Math.max(1, Math.ceil((failures[0]!.createdAt.getTime() + LOCKOUT_WINDOW_MS - Date.now()) / 1000));
    throw new ApiError("too_many_attempts", `Too many failed logins for this user. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
      headers: { "Retry-After": String(retryAfter) },
      extra: { retryAfter },
    });
  }
  const user = await prisma.user.findUnique({ where: { domainId_login: { domainId, login } } });
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok) {
    await prisma.loginFailure.create({ data: { domainId, login } });
    throw new ApiError("unauthorized", "The login or password is wrong.", { oauthProblem: "permission_denied" });
  }
  if (user.suspended) throw new ApiError("forbidden", "This user is suspended. Contact the domain owner.");
  // Old failures are only needed for the window; a success clears this login's.
  await prisma.loginFailure.deleteMany({ where: { domainId, login } });
  return user;
}
