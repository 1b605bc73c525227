import { prisma } from "@/lib/db/client";
import type { Actor } from "@/lib/tenancy/actor";
import { guestTokenScope } from "@/lib/tenancy/scope";
import { getTokenOrThrow } from "./get-token";
import { toTokenEntry } from "./transform";

/**
 * Revokes a token: no new guest call is accepted with it. The row stays, so the calls it placed
 * still name it and GET shows it as revoked; revoking again changes nothing.
 */
export async function deleteToken(actor: Actor, guid: string, tokenId: string) {
  const token = await getTokenOrThrow(actor, guid, tokenId);
  if (token.revokedAt) return toTokenEntry(token);
  const revokedAt = new Date();
  await prisma.guestToken.updateMany({ where: { AND: [{ id: token.id, revokedAt: null }, guestTokenScope(actor)] }, data: { revokedAt } });
  return toTokenEntry({ ...token, revokedAt });
}
