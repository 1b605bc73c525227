import { Prisma, type PrismaClient } from "@prisma/client";
import { creditAccount } from "@/lib/billing/credit-account";
import { billingCurrencies } from "@/lib/billing/pricing";
import { hashPassword, verifyPassword } from "@/lib/crypto/password";
import { newConsumerKey, newConsumerSecret, randomToken } from "@/lib/crypto/random";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secret-box";
import { newWebhookSecret } from "@/lib/events/signing";
import { applicationPublicId } from "@/lib/applications/transform";

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

/** The seeded billing account (docs/billing.md). */
export const DEMO_ACCOUNT = { name: "Demo account", credit: "500.00", lowCreditThreshold: "10.00" };

/**
 * Creates the demo developer, the default domain, the demo application and its demo billing account once. Re-running changes
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
          // The original JavaScript library needs the tunnel; the demo application is where people try it.
          allowJsonTunnel: true,
          // Loopback callbacks on any port (RFC 8252 7.3): tools and tests on this machine can sign in.
          callbackUrlPrefixes: ["http://127.0.0.1/", "http://localhost/"],
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

    // A developer with no billing account yet (a new install, or one from before billing) gets the
    // demo account with demo credit, made the demo application's default: its users can then
    // hold numbers, call and send messages out of the box.
    if ((await tx.billingAccount.count({ where: { developerId: developer.id } })) === 0) {
      const currency = billingCurrencies().includes("USD") ? "USD" : billingCurrencies()[0]!;
      const account = await tx.billingAccount.create({
        data: { developerId: developer.id, name: DEMO_ACCOUNT.name, currency, lowCreditThreshold: DEMO_ACCOUNT.lowCreditThreshold },
      });
      await creditAccount(tx, { accountId: account.id, amount: new Prisma.Decimal(DEMO_ACCOUNT.credit), reference: "seed:demo-credit", description: "Demo credit" });
      if (!app.defaultBillingAccountId) await tx.application.update({ where: { id: app.id }, data: { defaultBillingAccountId: account.id } });
    }

    return {
      developerEmail: developer.email,
      developerPassword,
      domain: domain.name,
      applicationId: applicationPublicId(domain.name, app.name),
      consumerKey: app.consumerKey,
      consumerSecret,
      createdNow,
    };
  });
}
