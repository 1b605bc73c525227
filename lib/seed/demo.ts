import type { PrismaClient } from "@prisma/client";
import { hashPassword, verifyPassword } from "@/lib/crypto/password";
import { newConsumerKey, newConsumerSecret, randomToken } from "@/lib/crypto/random";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { newWebhookSecret } from "@/lib/events/signing";

export interface DemoSeedInput {
  developerEmail: string;
  /** Fixed password (DEMO_DEVELOPER_PASSWORD), or undefined for a random one on first seed. */
  developerPassword?: string;
  domain: string;
  appName: string;
  consumerKey?: string;
  consumerSecret?: string;
}

export interface DemoSeedResult {
  developerEmail: string;
  /** Known only when this run set it (first seed, or fixed by the environment). */
  developerPassword?: string;
  domain: string;
  applicationId: string;
  consumerKey: string;
  /** Known only when this run created the application (then it is printed once) or the environment fixed it. */
  consumerSecret?: string;
  createdNow: boolean;
}


/**
 * Creates the demo developer, the default domain and the demo application once. Re-running changes
 * nothing unless the environment fixes a value that differs (then the environment wins), so tests
 * and scripts can always start from known credentials.
 */
export async function seedDemo(prisma: PrismaClient, input: DemoSeedInput): Promise<DemoSeedResult> {
  return prisma.$transaction(async (tx) => {
    let developerPassword: string | undefined;
    let developer = await tx.developer.findUnique({ where: { email: input.developerEmail } });
    const createdNow = !developer;
    if (!developer) {
      developerPassword = input.developerPassword ?? randomToken(12);
      developer = await tx.developer.create({
        data: { email: input.developerEmail, name: "Demo Developer", passwordHash: await hashPassword(developerPassword) },
      });
    } else if (input.developerPassword && !(await verifyPassword(input.developerPassword, developer.passwordHash))) {
      developerPassword = input.developerPassword;
      await tx.developer.update({ where: { id: developer.id }, data: { passwordHash: await hashPassword(developerPassword) } });
    } else {
      developerPassword = input.developerPassword;
    }

    const domain =
      (await tx.domain.findUnique({ where: { name: input.domain } })) ??
      (await tx.domain.create({ data: { name: input.domain, ownerId: developer.id, isDefault: true } }));

    let app = await tx.application.findUnique({ where: { domainId_name: { domainId: domain.id, name: input.appName } } });
    let consumerSecret = input.consumerSecret;
    if (!app) {
      consumerSecret ??= newConsumerSecret();
      app = await tx.application.create({
        data: {
          domainId: domain.id,
          name: input.appName,
          description: "Created by the demo seed. Use its keys to try the REST API.",
          consumerKey: input.consumerKey ?? newConsumerKey(),
          consumerSecretEnc: encryptSecret(consumerSecret),
          webhookSecretEnc: encryptSecret(newWebhookSecret()),
          createdById: developer.id,
          createdWith: "seed",
        },
      });
    } else {
      const keyDiffers = input.consumerKey && input.consumerKey !== app.consumerKey;
      const secretDiffers = input.consumerSecret && input.consumerSecret !== decryptSecret(app.consumerSecretEnc);
      if (keyDiffers || secretDiffers) {
        app = await tx.application.update({
          where: { id: app.id },
          data: {
            ...(keyDiffers ? { consumerKey: input.consumerKey } : {}),
            ...(secretDiffers ? { consumerSecretEnc: encryptSecret(input.consumerSecret!) } : {}),
          },
        });
      }
    }

    return {
      developerEmail: developer.email,
      developerPassword,
      domain: domain.name,
      applicationId: `${domain.name}:${app.name}`,
      consumerKey: app.consumerKey,
      consumerSecret,
      createdNow,
    };
  });
}
