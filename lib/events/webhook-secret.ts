import type { Application } from "@prisma/client";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
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
