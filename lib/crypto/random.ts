import { randomBytes } from "node:crypto";

/** URL-safe random token with the given number of random bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
