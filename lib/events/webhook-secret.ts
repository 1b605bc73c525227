import type { Application } from "@prisma/client";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { getOwnApplicationOrThrow } from "@/lib/applications/get-application";
import type { DeveloperActor } from "@/lib/tenancy/actor";
import { ownApplicationScope } from "@/lib/tenancy/scope";
import { newWebhookSecret } from "./signing";

/**
 * The application's current signing secret. Applications created before signing existed get one
 * on first use; if two callers race, the one stored first wins and both return it.
 */
export async function currentWebhookSecret(app: Pick<Application, "id" | "webhookSecretEnc">): Promise<string> {
  if (app.webhookSecretEnc) return decryptSecret(app.webhookSecretEnc);
  const secret = newWebhookSecret();
  const { count } = await prisma.application.updateMany({
    where: { id: app.id, webhookSecretEnc: null },
    data: { webhookSecretEnc: encryptSecret(secret) },
  });
  if (count === 1) return secret;
  return decryptSecret((await prisma.application.findUniqueOrThrow({ where: { id: app.id } })).webhookSecretEnc!);
}

/** How long deliveries are signed with both the old and the new webhook secret after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

/** The webhook signing secret ("whsec_..."), created on first use for older applications. */
export async function revealWebhookSecret(actor: DeveloperActor, ref: string): Promise<string> {
  return currentWebhookSecret(await getOwnApplicationOrThrow(actor, ref));
}

/** New signing secret; for 24 h deliveries carry signatures with both, so receivers can switch. */
export async function rotateWebhookSecret(actor: DeveloperActor, ref: string): Promise<string> {
  const app = await getOwnApplicationOrThrow(actor, ref);
  const secret = newWebhookSecret();
  await prisma.application.updateMany({
    where: { AND: [{ id: app.id }, ownApplicationScope(actor)] },
    data: {
      webhookSecretEnc: encryptSecret(secret),
      previousWebhookSecretEnc: app.webhookSecretEnc,
      previousWebhookSecretUntil: app.webhookSecretEnc ? new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_MS) : null,
    },
  });
  return secret;
}
