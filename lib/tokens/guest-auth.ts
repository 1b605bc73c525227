import type { GuestToken } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { guestSecretHash } from "./secret";
import { tokenStatus } from "./transform";

function refused(detail: string, error: "invalid_request" | "invalid_token"): ApiError {
  return new ApiError("guest_token_refused", detail, { challenge: { scheme: "Bearer", params: { error } } });
}

/** The Bearer secret of a guest call request, or a 401 saying what to send. */
export function guestSecretOf(request: Request): string {
  const match = /^Bearer\s+(gt_[A-Za-z0-9_-]{1,100})\s*$/i.exec(request.headers.get("authorization") ?? "");
  if (!match) throw refused("Send the guest token as Authorization: Bearer gt_... (the token POST /tokens answered).", "invalid_request");
  return match[1]!;
}

/** The token of a guest call request if it may place a call now: 401 for an unknown, revoked, not yet valid or expired one. */
export async function usableGuestToken(request: Request, now = new Date()): Promise<GuestToken> {
  const token = await prisma.guestToken.findUnique({ where: { secretHash: guestSecretHash(guestSecretOf(request)) } });
  if (!token) throw refused("This guest token is not known. Ask whoever gave it to you for a new one.", "invalid_token");
  const status = tokenStatus(token, now);
  if (status === "revoked") throw refused("This guest token was revoked. Ask whoever gave it to you for a new one.", "invalid_token");
  if (status === "pending") throw refused(`This guest token is valid from ${token.startDate.toISOString()}; try again then.`, "invalid_token");
  if (status === "expired") throw refused(`This guest token expired at ${token.endDate.toISOString()}. Ask whoever gave it to you for a new one.`, "invalid_token");
  return token;
}
