import { z } from "zod";
import { randomToken } from "@/lib/core/crypto/random";
import { encryptSecret } from "@/lib/core/crypto/secret-box";
import { prisma, type Tx } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";

export const tokenScope = z.enum(["read-write", "read-only"], { error: 'must be "read-write" or "read-only"' });
export type TokenScope = z.infer<typeof tokenScope>;

/** Parses an optional scope parameter; anything else than the two scopes is a 400. */
export function parseScope(raw: string | undefined): TokenScope {
  if (raw === undefined || raw === "") return "read-write";
  const result = tokenScope.safeParse(raw);
  if (!result.success) throw new ApiError("invalid_parameter", `scope must be "read-write" or "read-only"; got "${raw}".`);
  return result.data;
}

export async function issueAccessToken(
  data: { userId: string; applicationId: string; scope: TokenScope; createdWith: "xauth" | "oauth" },
  tx: Tx = prisma,
): Promise<{ token: string; secret: string }> {
  const token = randomToken(20);
  const secret = randomToken(32);
  await tx.accessToken.create({ data: { ...data, token, secretEnc: encryptSecret(secret) } });
  return { token, secret };
}

/** Form-encoded OAuth reply in the given order (the original clients read it by position). */
export function formReply(pairs: Array<[string, string]>): Response {
  const body = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  return new Response(body, { status: 200, headers: { "Content-Type": "application/x-www-form-urlencoded", "Cache-Control": "no-store" } });
}
