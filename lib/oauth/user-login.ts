import type { User } from "@prisma/client";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/lib/crypto/password";
import { prisma } from "@/lib/db/client";
import { ApiError } from "@/lib/errors/api-error";
import { LoginThrottled, loginLimiter } from "@/lib/security/rate-limit";

/** The REST answer to a throttled login: 409 limit_exceeded with the wait in Retry-After and in the sentence. */
export function limitExceeded(error: LoginThrottled): ApiError {
  const retryAfter = error.retryAfterSeconds;
  return new ApiError("limit_exceeded", error.message, { headers: { "Retry-After": String(retryAfter) }, extra: { retryAfter } });
}

/**
 * Checks a user's login and password within a domain, from `clientAddress`. A wrong password and an
 * unknown login give the same 401 at the same cost. Failures are throttled per address and login
 * (lib/security/rate-limit.ts): the address that keeps guessing waits longer and longer (409 with
 * Retry-After), while the user, from another address, still gets in with the right password.
 */
export async function authenticateUser(domainId: string, login: string, password: string, clientAddress: string): Promise<User> {
  const user = await prisma.user.findUnique({ where: { domainId_login: { domainId, login } } });
  const attempt = { scope: "user" as const, account: `${domainId}:${login}`, address: clientAddress };
  const verified = await loginLimiter()
    .attempt(attempt, async () => ((await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH)) ? user : null))
    .catch((error: unknown) => {
      throw error instanceof LoginThrottled ? limitExceeded(error) : error;
    });
  if (!verified) throw new ApiError("unauthorized", "The login or password is wrong. Check both and try again. Forgot the password? Whoever gave you this login can reset it.", { oauthProblem: "permission_denied" });
  if (verified.suspended) throw new ApiError("forbidden", "This user is suspended. Contact the domain owner.");
  return verified;
}
