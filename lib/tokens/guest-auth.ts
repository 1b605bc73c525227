import type { GuestToken } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { guestTokenRefused } from "@/lib/http/rest/guest-token";
import { guestSecretHash } from "./secret";
import { tokenStatus } from "./transform";

/** The guest token of a secret if it may place a call now (the contract's "guest-token" check): 401 for an unknown, revoked, not yet valid or expired one. */
export async function usableGuestToken(secret: string, now = new Date()): Promise<GuestToken> {
  const token = await prisma.guestToken.findUnique({ where: { secretHash: guestSecretHash(secret) } });
  if (!token) throw guestTokenRefused("This guest token is not known. Ask whoever gave it to you for a new one.", "invalid_token");
  const status = tokenStatus(token, now);
  if (status === "revoked") throw guestTokenRefused("This guest token was revoked. Ask whoever gave it to you for a new one.", "invalid_token");
  if (status === "pending")
    throw guestTokenRefused(`This guest token is valid from ${token.startDate.toISOString()}; try again then.`, "invalid_token");
  if (status === "expired")
    throw guestTokenRefused(`This guest token expired at ${token.endDate.toISOString()}. Ask whoever gave it to you for a new one.`, "invalid_token");
  return token;
}
