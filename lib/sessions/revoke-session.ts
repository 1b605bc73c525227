import { forgetCachedCredentials } from "@/lib/http/oauth/credential-cache";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";

/** Revokes one live session of the user, if the actor may see it; 404 otherwise. */
export async function revokeSession(actor: Actor, userGuid: string, sessionId: string): Promise<void> {
  const { count } = await scopedDb(actor).accessToken.updateMany({
    where: { revokedAt: null, id: sessionId, userId: userGuid },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound(`Session ${sessionId}`);
  forgetCachedCredentials();
}
