import type { User } from "@prisma/client";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "@/lib/core/crypto/password";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { LoginThrottled, loginLimiter } from "@/lib/http/limits/rate-limit";

/** The REST answer to a throttled login: 409 limit_exceeded with the wait in Retry-After and in the sentence. */
export function limitExceeded(error: LoginThrottled): ApiError {
  const retryAfter = error.retryAfterSeconds;
  return new ApiError("limit_exceeded", error.message, { headers: { "Retry-After": String(retryAfter) }, extra: { retryAfter } });
}

/**
 * The login a user signs in with: `ada`, or `acme:ada` as the API names users (`<domain>:<login>`,
 * the original platform's access_token reply). Only the application's own domain may prefix it;
 * another prefix stays part of the login, which cannot contain a colon, so it matches no user.
 */
export function loginInDomain(domainName: string, username: string): string {
  const prefix = `${domainName}:`;
  return username.toLowerCase().startsWith(prefix.toLowerCase()) ? username.slice(prefix.length) : username;
}

/**
 * Checks a user's login (plain or `<domain>:<login>`) and password within a domain, from `clientAddress`. A wrong password and an
 * unknown login give the same 401 at the same cost. Failures are throttled per address and login
 * (lib/http/limits/rate-limit.ts): the address that keeps guessing waits longer and longer (409 with
 * Retry-After), while the user, from another address, still gets in with the right password.
 */
export async function authenticateUser(
  domain: { id: string; name: string },
  username: string,
  password: string,
  clientAddress: string,
): Promise<User> {
  const domainId = domain.id;
  const login = loginInDomain(domain.name, username);
  const user = await prisma.user.findUnique({ where: { domainId_login: { domainId, login } } });
  const attempt = { scope: "user" as const, account: `${domainId}:${login}`, address: clientAddress };
  const verified = await loginLimiter()
    .attempt(attempt, async () => ((await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH)) ? user : null))
    .catch((error: unknown) => {
      throw error instanceof LoginThrottled ? limitExceeded(error) : error;
    });
  if (!verified)
    throw new ApiError(
      "unauthorized",
      "The login or password is wrong. Check both and try again. Forgot the password? Whoever gave you this login can reset it.",
      { oauthProblem: "permission_denied" },
    );
  if (verified.suspended) throw new ApiError("forbidden", "This user is suspended. Contact the domain owner.");
  return verified;
}
