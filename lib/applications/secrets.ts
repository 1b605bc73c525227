import { newConsumerSecret } from "@/lib/crypto/random";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { forgetCachedCredentials } from "@/lib/oauth/credential-cache";
import { newWebhookSecret } from "@/lib/events/signing";
import { currentWebhookSecret } from "@/lib/events/webhook-secret";
import type { DeveloperActor } from "@/lib/tenancy/actor";
import { getOwnApplicationOrThrow } from "./get-application";

// An application's two secrets, shown to its developer only on an explicit reveal.

/** How long deliveries are signed with both the old and the new webhook secret after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

export async function revealConsumerSecret(actor: DeveloperActor, ref: string): Promise<string> {
  return decryptSecret((await getOwnApplicationOrThrow(actor, ref)).consumerSecretEnc);
}

/** Replaces the consumer secret; requests signed with the old one fail from now on. */
export async function rotateConsumerSecret(actor: DeveloperActor, ref: string): Promise<string> {
  const app = await getOwnApplicationOrThrow(actor, ref);
  const secret = newConsumerSecret();
  await prisma.application.update({ where: { id: app.id }, data: { consumerSecretEnc: encryptSecret(secret) } });
  forgetCachedCredentials();
  return secret;
}

/** The webhook signing secret ("whsec_..."), created on first use for older applications. */
export async function revealWebhookSecret(actor: DeveloperActor, ref: string): Promise<string> {
  return currentWebhookSecret(await getOwnApplicationOrThrow(actor, ref));
}

/** New signing secret; for 24 h deliveries carry signatures with both, so receivers can switch. */
export async function rotateWebhookSecret(actor: DeveloperActor, ref: string): Promise<string> {
  const app = await getOwnApplicationOrThrow(actor, ref);
  const secret = newWebhookSecret();
  await prisma.application.update({
    where: { id: app.id },
    data: {
      webhookSecretEnc: encryptSecret(secret),
      previousWebhookSecretEnc: app.webhookSecretEnc,
      previousWebhookSecretUntil: app.webhookSecretEnc ? new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_MS) : null,
    },
  });
  return secret;
}
