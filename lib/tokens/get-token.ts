import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { isGuid } from "@/lib/core/validation";
import { toTokenEntry, withActiveCalls } from "./transform";

/** The user's token if the actor may see both; 404 otherwise. */
export async function getTokenOrThrow(actor: Actor, guid: string, tokenId: string) {
  const user = await getUserOrThrow(actor, guid);
  const token = isGuid(tokenId)
    ? await scopedDb(actor).guestToken.findFirst({ where: { id: tokenId.toLowerCase(), userId: user.id }, include: withActiveCalls() })
    : null;
  if (!token) throw notFound(`Token ${tokenId} of user ${guid}`);
  return token;
}

export async function getToken(actor: Actor, guid: string, tokenId: string) {
  return toTokenEntry(await getTokenOrThrow(actor, guid, tokenId));
}
