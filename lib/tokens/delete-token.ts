import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getTokenOrThrow } from "./get-token";

/**
 * Revokes a token: no new guest call is accepted with it. The row stays, so the calls it placed
 * still name it and GET shows it as revoked; revoking again changes nothing.
 */
export async function deleteToken(actor: Actor, guid: string, tokenId: string): Promise<void> {
  const token = await getTokenOrThrow(actor, guid, tokenId);
  if (token.revokedAt) return;
  await scopedDb(actor).guestToken.updateMany({ where: { id: token.id, revokedAt: null }, data: { revokedAt: new Date() } });
}
