import { randomBytes } from "node:crypto";
import { Prisma, type PrismaClient } from "@prisma/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chargeAccount } from "@/lib/billing/charge-account";
import { requireBillingAccount } from "@/lib/billing/require-billing-account";
import { reloadConfig } from "@/lib/core/config";
import { ApiError } from "@/lib/core/errors/api-error";
import { seedDemo } from "@/lib/seed/demo";
import { openTestDatabase, type TestDatabase } from "../support/test-database";

// The billing core against the database itself, on PGlite and (TEST_DATABASE_URL) on PostgreSQL
// with ten connections, so concurrent debits really race.
let db: TestDatabase;
let prisma: PrismaClient;
let developerId: string;
let domainId: string;
let applicationId: string;
let userCounter = 0;

beforeAll(async () => {
  process.env.ENCRYPTION_KEY = randomBytes(32).toString("base64");
  reloadConfig(); // importing the Prisma client module read the configuration already
  db = await openTestDatabase(10);
  prisma = db.prisma;
  await seedDemo(prisma, { developerEmail: "billing@example.com", domain: "billing", appName: "billing-app" });
  const app = await prisma.application.findFirstOrThrow({ where: { name: "billing-app" }, include: { domain: true } });
  [developerId, domainId, applicationId] = [app.domain.ownerId, app.domainId, app.id];
}, 60_000);

afterAll(async () => {
  await db?.close();
});

async function accountWithMember(balance: string, lowCreditThreshold = "0") {
  const account = await prisma.billingAccount.create({
    data: { developerId, name: `account-${randomBytes(4).toString("hex")}`, currency: "USD", balance, lowCreditThreshold },
  });
  const user = await prisma.user.create({ data: { domainId, login: `member-${++userCounter}`, passwordHash: "x", accountId: account.id } });
  return { accountId: account.id, userId: user.id };
}

const sms = (accountId: string, userId: string, n = 1) => ({
  accountId,
  userId,
  item: "sms" as const,
  reference: `sms:${n}`,
  description: `SMS ${n}`,
});
const balanceOf = async (id: string) => (await prisma.billingAccount.findUniqueOrThrow({ where: { id } })).balance.toFixed(4);
const slowTransaction = { maxWait: 30_000, timeout: 30_000 };

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("requireBillingAccount", () => {
  it("answers the user's account", async () => {
    const { accountId, userId } = await accountWithMember("1");
    expect(await requireBillingAccount(userId, prisma)).toEqual({ accountId });
  });

  it("refuses a user without an account with 403 billing_required saying what to do", async () => {
    const user = await prisma.user.create({ data: { domainId, login: `no-account-${++userCounter}`, passwordHash: "x" } });
    const error = await errorOf(requireBillingAccount(user.id, prisma));
    expect([error.status, error.code]).toEqual([403, "billing_required"]);
    expect(error.message).toMatch(/must add the user to a billing account in the developer portal/);
  });
});

describe("chargeAccount", () => {
  it("debits the price of the table and writes a ledger entry", async () => {
    const { accountId, userId } = await accountWithMember("5");
    const result = await prisma.$transaction((tx) => chargeAccount(tx, { ...sms(accountId, userId), item: "call_minute", quantity: 3 }));
    expect(result.balance).toBe("4.94"); // 3 minutes at 0.02 USD
    const entry = await prisma.ledgerEntry.findUniqueOrThrow({ where: { id: result.ledgerEntryId } });
    expect(entry).toMatchObject({ accountId, userId, kind: "debit", item: "call_minute", quantity: 3, reference: "sms:1" });
    expect([entry.unitPrice.toFixed(4), entry.amount.toFixed(4), entry.balanceAfter.toFixed(4)]).toEqual(["0.0200", "-0.0600", "4.9400"]);
  });

  it("answers 409 credit_exhausted when the balance cannot pay, and changes nothing", async () => {
    const { accountId, userId } = await accountWithMember("0.50");
    const error = await errorOf(prisma.$transaction((tx) => chargeAccount(tx, { ...sms(accountId, userId), item: "purpose_number_month" })));
    expect([error.status, error.code]).toEqual([409, "credit_exhausted"]);
    expect(error.options.extra).toEqual({ balance: "0.50", price: "1.00", currency: "USD" });
    expect(await balanceOf(accountId)).toBe("0.5000");
    expect(await prisma.ledgerEntry.count({ where: { accountId } })).toBe(0);
  });

  it("takes nothing when the caller's transaction fails afterwards", async () => {
    const { accountId, userId } = await accountWithMember("1");
    await expect(
      prisma.$transaction(async (tx) => {
        await chargeAccount(tx, sms(accountId, userId));
        throw new Error("the call could not start");
      }),
    ).rejects.toThrow("the call could not start");
    expect(await balanceOf(accountId)).toBe("1.0000");
    expect(await prisma.ledgerEntry.count({ where: { accountId } })).toBe(0);
  });

  it("never goes below zero under 40 concurrent debits: exactly what the balance pays for succeeds", async () => {
    const { accountId, userId } = await accountWithMember("0.15");
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, n) => prisma.$transaction((tx) => chargeAccount(tx, sms(accountId, userId, n)), slowTransaction)),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as ApiError] : []));
    expect(ok).toHaveLength(15);
    expect(refused.map((e) => e.code)).toEqual(Array(25).fill("credit_exhausted"));
    expect(await balanceOf(accountId)).toBe("0.0000");
    const entries = await prisma.ledgerEntry.findMany({ where: { accountId }, orderBy: { balanceAfter: "desc" } });
    expect(entries).toHaveLength(15);
    // Every entry saw a distinct balance: the debits were applied one after another.
    expect(entries.map((e) => e.balanceAfter.toFixed(2))).toEqual(Array.from({ length: 15 }, (_, i) => (0.14 - i * 0.01).toFixed(2)));
  }, 60_000);

  it("publishes CreditLow when crossing the threshold and CreditExhausted when nothing more can be paid, once each", async () => {
    const { accountId, userId } = await accountWithMember("1.03", "1.00");
    const credit = (type: string) =>
      prisma.event.findMany({ where: { applicationId, type, payload: { path: ["params", "accountId"], equals: accountId } } });
    await prisma.$transaction((tx) => chargeAccount(tx, sms(accountId, userId, 1))); // 1.02: above
    expect(await credit("CreditLow")).toHaveLength(0);
    await prisma.$transaction((tx) => chargeAccount(tx, { ...sms(accountId, userId, 2), quantity: 3 })); // 0.99: below
    await prisma.$transaction((tx) => chargeAccount(tx, sms(accountId, userId, 3))); // 0.98: still below, no repeat
    const low = await credit("CreditLow");
    expect(low).toHaveLength(1);
    expect(low[0]!.payload).toMatchObject({
      type: "CreditLow",
      resource: expect.stringMatching(new RegExp(`/rest/1\\.0/billing/${userId}$`)),
      params: { accountId, currency: "USD", balance: "0.99", lowCreditThreshold: "1.00", userId },
    });
    await prisma.$transaction((tx) => chargeAccount(tx, { ...sms(accountId, userId, 4), quantity: 97 })); // 0.01: still pays an SMS
    expect(await credit("CreditExhausted")).toHaveLength(0);
    await prisma.$transaction((tx) => chargeAccount(tx, sms(accountId, userId, 5))); // 0.00
    const exhausted = await credit("CreditExhausted");
    expect(exhausted).toHaveLength(1);
    expect(exhausted[0]!.payload).toMatchObject({ params: { balance: "0.00" } });
  });

  it("refuses an unknown account as 404 and a bad quantity as a programming error", async () => {
    const unknown = await errorOf(prisma.$transaction((tx) => chargeAccount(tx, sms("00000000-0000-4000-8000-000000000000", "x"))));
    expect(unknown.status).toBe(404);
    const { accountId, userId } = await accountWithMember("1");
    await expect(prisma.$transaction((tx) => chargeAccount(tx, { ...sms(accountId, userId), quantity: 0 }))).rejects.toThrow(/quantity/);
    expect(new Prisma.Decimal(await balanceOf(accountId)).toFixed(2)).toBe("1.00");
  });
});
