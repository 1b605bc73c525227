import { newConsumerSecret } from "@/lib/core/crypto/random";
import { decryptSecret, encryptSecret } from "@/lib/core/crypto/secret-box";
import { forgetCachedCredentials } from "@/lib/http/oauth/credential-cache";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getOwnApplicationOrThrow } from "./get-application";

// An application's consumer secret, shown to its developer only on an explicit reveal. (The
// webhook signing secret lives with the rest of the webhook endpoint, in lib/events.)

export async function revealConsumerSecret(actor: DeveloperActor, ref: string): Promise<string> {
  return decryptSecret((await getOwnApplicationOrThrow(actor, ref)).consumerSecretEnc);
}

/** Replaces the consumer secret; requests signed with the old one fail from now on. */
export async function rotateConsumerSecret(actor: DeveloperActor, ref: string): Promise<string> {
  const app = await getOwnApplicationOrThrow(actor, ref);
  const secret = newConsumerSecret();
  await scopedDb(actor).application.updateMany({ where: { id: app.id }, data: { consumerSecretEnc: encryptSecret(secret) } });
  forgetCachedCredentials();
  return secret;
}
