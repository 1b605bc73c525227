import { encryptSecret } from "@/lib/core/crypto/secret-box";
import { currentWebhookSecret, WEBHOOK_SECRET_OVERLAP_MS } from "@/lib/outbox/current-webhook-secret";
import { getOwnApplicationOrThrow } from "./get-application";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { newWebhookSecret } from "@/lib/outbox/signing";

/** The webhook signing secret ("whsec_..."), created on first use for older applications. */
export async function revealWebhookSecret(actor: DeveloperActor, ref: string): Promise<string> {
  return currentWebhookSecret(await getOwnApplicationOrThrow(actor, ref));
}

/** New signing secret; for 24 h deliveries carry signatures with both, so receivers can switch. */
export async function rotateWebhookSecret(actor: DeveloperActor, ref: string): Promise<string> {
  const app = await getOwnApplicationOrThrow(actor, ref);
  const secret = newWebhookSecret();
  await scopedDb(actor).application.updateMany({
    where: { id: app.id },
    data: {
      webhookSecretEnc: encryptSecret(secret),
      previousWebhookSecretEnc: app.webhookSecretEnc,
      previousWebhookSecretUntil: app.webhookSecretEnc ? new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_MS) : null,
    },
  });
  return secret;
}
