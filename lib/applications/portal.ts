import { z } from "zod";
import { prisma } from "@/lib/db/client";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { newWebhookSecret } from "@/lib/events/signing";
import { assertDeliverableUrl } from "@/lib/events/ssrf";
import { currentWebhookSecret } from "@/lib/events/webhook-secret";
import { ApiError, notFound } from "@/lib/rest/api-error";
import { newConsumerKey, newConsumerSecret } from "@/lib/seed/demo";
import { applicationName, domainName, notificationUrl } from "@/lib/validation";
import { toApplicationEntry } from "./transform";

// What the developer portal does with applications. Every query is scoped to the signed-in
// developer inside its where: another developer's application is simply not found.

export const createApplicationSchema = z.object({
  name: applicationName,
  description: z.string().trim().max(500, "is at most 500 characters").default(""),
  notificationUrl: notificationUrl.optional().or(z.literal("").transform(() => undefined)),
  /** A domain the developer owns, or a new one to create with the application. */
  domain: domainName,
});

export const applicationSettingsSchema = z.object({
  description: z.string().trim().max(500, "is at most 500 characters"),
  notificationUrl: notificationUrl.or(z.literal("").transform(() => null)),
});

const ownedBy = (developerId: string) => ({ domain: { ownerId: developerId } });

export async function listDeveloperApplications(developerId: string) {
  const apps = await prisma.application.findMany({
    where: ownedBy(developerId),
    include: { domain: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return apps.map((app) => ({ ...toApplicationEntry(app), internalId: app.id, consumerKey: app.consumerKey }));
}

async function getOwnedApplicationOrThrow(developerId: string, appId: string) {
  const app = /^[0-9a-f-]{36}$/i.test(appId)
    ? await prisma.application.findFirst({ where: { id: appId, ...ownedBy(developerId) }, include: { domain: true } })
    : null;
  if (!app) throw notFound("Application");
  return app;
}

export async function getDeveloperApplication(developerId: string, appId: string) {
  const app = await getOwnedApplicationOrThrow(developerId, appId);
  return { ...toApplicationEntry(app), internalId: app.id, consumerKey: app.consumerKey };
}

/** The plain consumer secret, shown only on an explicit reveal by the owner. */
export async function revealConsumerSecret(developerId: string, appId: string): Promise<string> {
  return decryptSecret((await getOwnedApplicationOrThrow(developerId, appId)).consumerSecretEnc);
}

/** Creates the application and, if it does not exist yet, its domain. Returns the new secret once. */
export async function createApplication(developerId: string, input: z.input<typeof createApplicationSchema>) {
  const data = createApplicationSchema.parse(input);
  if (data.notificationUrl) await assertDeliverableUrl(data.notificationUrl);
  const consumerSecret = newConsumerSecret();
  const app = await prisma.$transaction(async (tx) => {
    let domain = await tx.domain.findUnique({ where: { name: data.domain } });
    if (domain && domain.ownerId !== developerId) {
      throw new ApiError("conflict", `The domain name "${data.domain}" is taken. Choose another one.`);
    }
    domain ??= await tx.domain.create({ data: { name: data.domain, ownerId: developerId } });
    const clash = await tx.application.findUnique({ where: { domainId_name: { domainId: domain.id, name: data.name } } });
    if (clash) throw new ApiError("conflict", `Domain ${data.domain} already has an application named "${data.name}".`);
    return tx.application.create({
      data: {
        domainId: domain.id,
        name: data.name,
        description: data.description,
        notificationUrl: data.notificationUrl,
        consumerKey: newConsumerKey(),
        consumerSecretEnc: encryptSecret(consumerSecret),
        webhookSecretEnc: encryptSecret(newWebhookSecret()),
        createdById: developerId,
        createdWith: "portal",
      },
      include: { domain: true },
    });
  });
  return { application: { ...toApplicationEntry(app), internalId: app.id, consumerKey: app.consumerKey }, consumerSecret };
}

/** Replaces the consumer secret; requests signed with the old one fail from now on. */
export async function rotateConsumerSecret(developerId: string, appId: string): Promise<string> {
  const app = await getOwnedApplicationOrThrow(developerId, appId);
  const secret = newConsumerSecret();
  await prisma.application.update({ where: { id: app.id }, data: { consumerSecretEnc: encryptSecret(secret) } });
  return secret;
}

export async function setApplicationSuspended(developerId: string, appId: string, suspended: boolean) {
  const app = await getOwnedApplicationOrThrow(developerId, appId);
  await prisma.application.update({ where: { id: app.id }, data: { suspended } });
}

export async function updateApplicationSettings(developerId: string, appId: string, input: z.input<typeof applicationSettingsSchema>) {
  const data = applicationSettingsSchema.parse(input);
  if (data.notificationUrl) await assertDeliverableUrl(data.notificationUrl);
  const app = await getOwnedApplicationOrThrow(developerId, appId);
  const urlChanged = data.notificationUrl !== app.notificationUrl;
  await prisma.application.update({ where: { id: app.id }, data: { ...data, ...(urlChanged ? { webhookDisabledAt: null } : {}) } });
}

/** How long deliveries are signed with both the old and the new secret after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

/** The webhook signing secret ("whsec_..."), created on first use for older applications. */
export async function revealWebhookSecret(developerId: string, appId: string): Promise<string> {
  return currentWebhookSecret(await getOwnedApplicationOrThrow(developerId, appId));
}

/** New signing secret; for 24 h deliveries carry signatures with both, so receivers can switch. */
export async function rotateWebhookSecret(developerId: string, appId: string): Promise<string> {
  const app = await getOwnedApplicationOrThrow(developerId, appId);
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
