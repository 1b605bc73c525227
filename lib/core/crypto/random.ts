import { randomBytes } from "node:crypto";

/** URL-safe random token with the given number of random bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** An application's public consumer key. */
export const newConsumerKey = () => `ck_${randomToken(18)}`;
/** An application's consumer secret (stored encrypted, shown to the developer once). */
export const newConsumerSecret = () => randomToken(32);
