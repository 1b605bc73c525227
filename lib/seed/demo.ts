import { Prisma, type PrismaClient } from "@prisma/client";
import { creditAccount } from "@/lib/billing/credit-account";
import { billingCurrencies } from "@/lib/billing/pricing";
import { hashPassword, verifyPassword } from "@/lib/core/crypto/password";
import { newConsumerKey, newConsumerSecret, randomToken } from "@/lib/core/crypto/random";
import { decryptSecret, encryptSecret } from "@/lib/core/crypto/secret-box";
import { newWebhookSecret } from "@/lib/outbox/signing";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

export interface DemoSeedInput {
  developerEmail: string;
  /** DEMO_DEVELOPER_PASSWORD: the password, set again on an existing developer whose password differs. */
  developerPassword?: string;
  /** The password a developer created by this run gets (else a random one); never changes an existing one. */
  initialDeveloperPassword?: string;
  domain: string;
  appName: string;
  consumerKey?: string;
  consumerSecret?: string;
}

export interface DemoSeedResult {
  developerEmail: string;
  /** Only when this run set it: it created the developer, or DEMO_DEVELOPER_PASSWORD changed it. */
  developerPassword?: string;
  domain: string;
  applicationId: string;
  consumerKey: string;
  /** Known only when this run created the application (then it is printed once) or the environment fixed it. */
  consumerSecret?: string;
  createdNow: boolean;
}

/** The seed's one transaction writes a dozen rows; on a busy machine that can outlast Prisma's default 5 s. */
const SEED_PATIENTLY = { timeout: 30_000 };

/** The seeded billing account (docs/billing.md). */
export const DEMO_ACCOUNT = { name: "Demo account", credit: "500.00", lowCreditThreshold: "10.00" };

/**
 * Creates the demo developer, the default domain, the demo application and its demo billing account once. Re-running changes
 * nothing unless the environment fixes a value that differs (then the environment wins), so tests
 * and scripts can always start from known credentials.
 */
export async function seedDemo(prisma: PrismaClient, input: DemoSeedInput): Promise<DemoSeedResult> {
  // Password hashing (scrypt) is slow on purpose: it runs before the transaction, not inside it.
  const existing = await prisma.developer.findUnique({ where: { email: input.developerEmail }, select: { passwordHash: true } });
  const developerPassword = existing
    ? input.developerPassword && !(await verifyPassword(input.developerPassword, existing.passwordHash))
      ? input.developerPassword
      : undefined
    : (input.developerPassword ?? input.initialDeveloperPassword ?? randomToken(12));
  const passwordHash = developerPassword === undefined ? undefined : await hashPassword(developerPassword);

  return prisma.$transaction(async (tx) => {
    let developer = await tx.developer.findUnique({ where: { email: input.developerEmail } });
    const createdNow = !developer;
    if (!developer) {
      developer = await tx.developer.create({
        data: { email: input.developerEmail, name: "Demo Developer", passwordHash: passwordHash ?? (await hashPassword(randomToken(12))) },
      });
    } else if (existing && passwordHash) {
      developer = await tx.developer.update({ where: { id: developer.id }, data: { passwordHash } });
    }
    // Another instance created the developer meanwhile: its password stands, and this run set none.
    const passwordSet = createdNow || existing ? developerPassword : undefined;

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
          // The demo domain's simulator clock is the developer's to move in demos and tests (docs/calls.md).
          testTool: true,
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
      await creditAccount(tx, {
        accountId: account.id,
        amount: new Prisma.Decimal(DEMO_ACCOUNT.credit),
        reference: "seed:demo-credit",
        description: "Demo credit",
      });
      if (!app.defaultBillingAccountId) await tx.application.update({ where: { id: app.id }, data: { defaultBillingAccountId: account.id } });
    }

    return {
      developerEmail: developer.email,
      developerPassword: passwordSet,
      domain: domain.name,
      applicationId: applicationPublicId(domain.name, app.name),
      consumerKey: app.consumerKey,
      consumerSecret,
      createdNow,
    };
  }, SEED_PATIENTLY);
}
