import { ApiError } from "@/lib/core/errors/api-error";

/** A guest-call token refused: 401 with a Bearer challenge naming why (RFC 6750). */
export function guestTokenRefused(detail: string, error: "invalid_request" | "invalid_token"): ApiError {
  return new ApiError("guest_token_refused", detail, { challenge: { scheme: "Bearer", params: { error } } });
}

/** The Bearer secret of a guest call request (auth "guest-token"), or a 401 saying what to send. */
export function guestSecretOf(headers: Headers): string {
  const match = /^Bearer\s+(gt_[A-Za-z0-9_-]{1,100})\s*$/i.exec(headers.get("authorization") ?? "");
  if (!match) throw guestTokenRefused("Send the guest token as Authorization: Bearer gt_... (the token POST /tokens answered).", "invalid_request");
  return match[1]!;
}
