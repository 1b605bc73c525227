import type { AccessToken } from "@prisma/client";
import { z } from "zod";
import { randomToken } from "@/lib/crypto/random";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { prisma, type Tx } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/rest/api-error";
import type { AuthedContext } from "@/lib/rest/context";
import { isGuid } from "@/lib/validation";

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

function toTokenEntry(t: AccessToken & { application: { name: string; domain: { name: string } } }) {
  return {
    id: t.id,
    application: `${t.application.domain.name}:${t.application.name}`,
    scope: t.scope,
    createdWith: t.createdWith,
    created: t.createdAt.toISOString(),
    lastUsed: t.lastUsedAt?.toISOString(),
  };
}

/**
 * Live tokens of a user. The user itself sees all of its tokens; the application (two-legged)
 * sees the tokens it holds for users of its domain.
 */
function visibleTokens(ctx: AuthedContext, userGuid: string) {
  if (!isGuid(userGuid)) return undefined;
  const user = ctx.auth.user;
  if (user && user.id !== userGuid.toLowerCase()) return undefined;
  return {
    userId: userGuid.toLowerCase(),
    revokedAt: null,
    user: { domainId: ctx.auth.domain.id },
    ...(user ? {} : { applicationId: ctx.auth.application.id }),
  };
}

export async function listAccessTokens(ctx: AuthedContext, userGuid: string) {
  const where = visibleTokens(ctx, userGuid);
  const owner = where ? await prisma.user.findFirst({ where: { id: where.userId, domainId: ctx.auth.domain.id } }) : null;
  if (!where || !owner) throw notFound(`User ${userGuid}`);
  const tokens = await prisma.accessToken.findMany({
    where,
    include: { application: { select: { name: true, domain: { select: { name: true } } } } },
    orderBy: { createdAt: "asc" },
  });
  return tokens.map(toTokenEntry);
}

export async function revokeAccessToken(ctx: AuthedContext, userGuid: string, tokenId: string): Promise<void> {
  const where = visibleTokens(ctx, userGuid);
  const { count } =
    where && isGuid(tokenId) ? await prisma.accessToken.updateMany({ where: { ...where, id: tokenId }, data: { revokedAt: new Date() } }) : { count: 0 };
  if (count === 0) throw notFound(`Token ${tokenId}`);
}
