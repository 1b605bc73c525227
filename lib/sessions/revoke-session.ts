import { prisma } from "@/lib/core/db/client";
import { forgetCachedCredentials } from "@/lib/http/oauth/credential-cache";
import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { sessionScope } from "@/lib/core/tenancy/scope";

/** Revokes one live session of the user, if the actor may see it; 404 otherwise. */
export async function revokeSession(actor: Actor, userGuid: string, sessionId: string): Promise<void> {
  const { count } = await prisma.accessToken.updateMany({
    where: { AND: [sessionScope(actor), { id: sessionId, userId: userGuid }] },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound(`Session ${sessionId}`);
  forgetCachedCredentials();
}
