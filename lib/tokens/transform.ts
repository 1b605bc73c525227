import type { GuestToken } from "@prisma/client";
import { liveGuestCall } from "./guest-calls";
import type { TokenEntry } from "./schemas";

export type TokenRow = GuestToken & { _count: { calls: number } };

/** Include this with every token query: activeCalls counts the guest calls going on. */
export const withActiveCalls = () => ({ _count: { select: { calls: { where: liveGuestCall() } } } });

export function tokenStatus(token: Pick<GuestToken, "startDate" | "endDate" | "revokedAt">, now = new Date()): TokenEntry["status"] {
  if (token.revokedAt) return "revoked";
  if (now < token.startDate) return "pending";
  return now < token.endDate ? "active" : "expired";
}

/** The public shape of a token: never its hash; the secret only when just created. */
export function toTokenEntry(token: TokenRow, secret?: string): TokenEntry {
  return {
    id: token.id,
    type: "uphone",
    guid: token.userId,
    callee: token.callee,
    caller: token.caller ?? undefined,
    description: token.description ?? undefined,
    startDate: token.startDate.toISOString(),
    endDate: token.endDate.toISOString(),
    maxConcurrent: token.maxConcurrent,
    status: tokenStatus(token),
    activeCalls: token._count.calls,
    createdOn: token.createdAt.toISOString(),
    createdWith: token.createdWith,
    revokedOn: token.revokedAt?.toISOString(),
    lastUsed: token.lastUsedAt?.toISOString(),
    ...(secret ? { token: secret } : {}),
  };
}
