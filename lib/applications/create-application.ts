import { newConsumerKey, newConsumerSecret } from "@/lib/core/crypto/random";
import { encryptSecret } from "@/lib/core/crypto/secret-box";
import { prisma } from "@/lib/core/db/client";
import { newWebhookSecret } from "@/lib/outbox/signing";
import { assertDeliverableUrl } from "@/lib/outbox/ssrf";
import { ApiError } from "@/lib/core/errors/api-error";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { createApplicationSchema } from "./schemas";
import { toPortalApplication } from "./transform";
import type { z } from "zod";

/**
 * Creates an application in the portal and, when it does not exist yet, its domain (spec: domains are
 * created with applications). Returns the consumer secret this once; it is stored encrypted.
 */
export async function createApplication(actor: DeveloperActor, input: z.input<typeof createApplicationSchema>) {
  const data = createApplicationSchema.parse(input);
  if (data.notificationUrl) await assertDeliverableUrl(data.notificationUrl);
  const consumerSecret = newConsumerSecret();
  const app = await prisma.$transaction(async (tx) => {
    let domain = await tx.domain.findUnique({ where: { name: data.domain } });
    if (domain && domain.ownerId !== actor.developerId) {
      throw new ApiError("conflict", `The domain name "${data.domain}" is taken. Choose another one.`);
    }
    domain ??= await tx.domain.create({ data: { name: data.domain, ownerId: actor.developerId } });
    const clash = await tx.application.findUnique({ where: { domainId_name: { domainId: domain.id, name: data.name } } });
    if (clash) throw new ApiError("conflict", `Domain ${data.domain} already has an application named "${data.name}".`);
    return tx.application.create({
      data: {
        domainId: domain.id,
        name: data.name,
        displayName: data.displayName ?? "",
        description: data.description,
        notificationUrl: data.notificationUrl,
        consumerKey: newConsumerKey(),
        consumerSecretEnc: encryptSecret(consumerSecret),
        webhookSecretEnc: encryptSecret(newWebhookSecret()),
        createdById: actor.developerId,
        createdWith: "portal",
      },
      include: { domain: true },
    });
  });
  return { application: toPortalApplication(app), consumerSecret };
}
