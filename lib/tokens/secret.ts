import { createHash } from "node:crypto";
import { randomToken } from "@/lib/core/crypto/random";

/** A guest token's secret: shown once, stored only as its hash. */
export const newGuestSecret = () => `gt_${randomToken(32)}`;
export const guestSecretHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
