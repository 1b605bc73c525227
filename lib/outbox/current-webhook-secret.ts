import type { Application } from "@prisma/client";
import { decryptSecret, encryptSecret } from "@/lib/core/crypto/secret-box";
import { prisma } from "@/lib/core/db/client";
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

/** The secrets deliveries are signed with (and a receiver accepts): the current one, plus the previous one during a rotation. */
export async function signingSecrets(
  app: Pick<Application, "id" | "webhookSecretEnc" | "previousWebhookSecretEnc" | "previousWebhookSecretUntil">,
): Promise<string[]> {
  const current = await currentWebhookSecret(app);
  const previous =
    app.previousWebhookSecretEnc && app.previousWebhookSecretUntil && app.previousWebhookSecretUntil > new Date()
      ? [decryptSecret(app.previousWebhookSecretEnc)]
      : [];
  return [current, ...previous];
}

/** How long deliveries are signed with both the old and the new webhook secret after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;
