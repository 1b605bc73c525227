import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "@/lib/config";
import { embeddedDatabaseUrl } from "@/lib/db/embedded";
import { jobsSignature } from "@/lib/events/jobs-auth";
import { client, createLoggedInUser } from "../support/api-client";
import { startServer, type TestServer } from "../support/server";

// The monthly renewal of purpose numbers (docs/numbers.md). Its own server, with the scheduler off
// so only the test runs the job, and a database connection to move paidUntil into the past (on
// PGlite through the embedded socket's second slot, while the app is idle between requests).
let server: TestServer;
let db: pg.Client;
let app: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env: { DELIVERY_SCHEDULER: "off" } });
  process.env.ENCRYPTION_KEY = server.env.ENCRYPTION_KEY; // the jobs signature's key
  reloadConfig();
  db = new pg.Client({ connectionString: server.env.DATABASE_URL || embeddedDatabaseUrl(path.join(server.dataDir, "socket")) });
  await db.connect();
  app = client(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await db?.end();
  await server?.stop();
}, 120_000);

const runJob = (signature = jobsSignature()) => fetch(`${server.baseUrl}/api/jobs/renew-numbers`, { method: "POST", headers: { "x-jobs-signature": signature } });

/** A new user of the demo application (so in the demo billing account) holding a purpose number. */
async function userWithNumber(country: string) {
  const { guid } = await createLoggedInUser(server.baseUrl);
  const res = await app("POST", `/devices/${guid}`, { json: { id: `@purpose/${country}` } });
  expect(res.status, res.text).toBe(201);
  const id = res.body.entry.id as string;
  return { guid, id, number: id.slice("service:".length) };
}

/** Sets the number's paidUntil to yesterday (UTC, as stored) and answers it. */
async function expire(number: string): Promise<string> {
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().replace("Z", "");
  await db.query(`UPDATE "PhoneNumber" SET "paidUntil" = $1::timestamp WHERE "number" = $2`, [yesterday, number]);
  return yesterday;
}

async function monthsCharged(guid: string, id: string) {
  const res = await app("GET", `/billing/${guid}/ledger?count=100`);
  expect(res.status, res.text).toBe(200);
  return (res.body.entry as Array<{ item: string; reference: string; amount: string }>).filter((e) => e.item === "purpose_number_month" && e.reference.startsWith(`device:${id}`));
}

const numberRow = async (number: string) => (await db.query(`SELECT "status", "deviceId", "paidUntil" FROM "PhoneNumber" WHERE "number" = $1`, [number])).rows[0];

describe("purpose number renewal", () => {
  it("refuses a call without a valid X-Jobs-Signature", async () => {
    expect((await fetch(`${server.baseUrl}/api/jobs/renew-numbers`, { method: "POST" })).status).toBe(401);
    expect((await runJob(`t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`)).status).toBe(401);
  });

  it("sets paidUntil a month after allocation", async () => {
    const { number } = await userWithNumber("GBR");
    const { rows } = await db.query(`SELECT "paidUntil" = "allocatedAt" + INTERVAL '1 month' AS "oneMonth" FROM "PhoneNumber" WHERE "number" = $1`, [number]);
    expect(rows[0].oneMonth).toBe(true);
  });

  it("charges one more month once paidUntil passes, and moves paidUntil one month", async () => {
    const { guid, id, number } = await userWithNumber("GBR");
    expect(await monthsCharged(guid, id)).toHaveLength(1); // the first month, at allocation
    const was = await expire(number);

    const res = await runJob();
    expect(res.status).toBe(200);
    expect((await res.json()).renewed).toBeGreaterThanOrEqual(1);

    const months = await monthsCharged(guid, id);
    expect(months).toHaveLength(2);
    const day = (offsetMonths: number) => db.query(`SELECT to_char($1::timestamp + make_interval(months => $2), 'YYYY-MM-DD') AS d`, [was, offsetMonths]);
    const [from, to] = [(await day(0)).rows[0].d, (await day(1)).rows[0].d];
    expect(months[0]).toMatchObject({ reference: `device:${id}/${from}..${to}`, amount: "-1.00" });
    const { rows } = await db.query(`SELECT "paidUntil" = $2::timestamp + INTERVAL '1 month' AS "oneMonth" FROM "PhoneNumber" WHERE "number" = $1`, [number, was]);
    expect(rows[0].oneMonth).toBe(true);

    // Paid up again: another run charges nothing.
    await runJob();
    expect(await monthsCharged(guid, id)).toHaveLength(2);
    expect((await app("GET", `/devices/${guid}/${id}`)).status).toBe(200);
  });

  it("charges a period once when the job runs several times at once", async () => {
    const { guid, id, number } = await userWithNumber("USA");
    await expire(number);
    const runs = await Promise.all(Array.from({ length: 5 }, () => runJob()));
    expect(runs.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const renewed = (await Promise.all(runs.map((r) => r.json()))).reduce((sum: number, r: { renewed: number }) => sum + r.renewed, 0);
    expect(renewed).toBe(1);
    expect(await monthsCharged(guid, id)).toHaveLength(2);
  }, 60_000);

  it("releases a number its account cannot pay into quarantine, removes its device and publishes PurposeNumberReleased", async () => {
    const { guid, id, number } = await userWithNumber("GBR");
    // Move the user to an empty account of the same developer.
    const { rows } = await db.query(
      `INSERT INTO "BillingAccount" ("id", "developerId", "name", "currency", "balance")
       SELECT gen_random_uuid(), a."developerId", $2, a."currency", 0 FROM "BillingAccount" a JOIN "User" u ON u."accountId" = a."id" WHERE u."id" = $1::uuid
       RETURNING "id"`,
      [guid, `empty-${number}`],
    );
    await db.query(`UPDATE "User" SET "accountId" = $2::uuid WHERE "id" = $1::uuid`, [guid, rows[0].id]);
    await expire(number);

    expect((await runJob()).status).toBe(200);
    await expectReleased({ guid, id, number }, "credit_exhausted");
    expect(await monthsCharged(guid, id)).toHaveLength(0); // the first month went to the demo account
  });

  it("releases the number of a user taken out of its billing account", async () => {
    const { guid, id, number } = await userWithNumber("USA");
    expect((await app("PUT", `/users/${guid}`, { json: { accountId: null } })).status).toBe(200);
    await expire(number);

    expect((await runJob()).status).toBe(200);
    await expectReleased({ guid, id, number }, "billing_required");
  });
});

async function expectReleased({ guid, id, number }: { guid: string; id: string; number: string }, reason: string) {
  expect((await app("GET", `/devices/${guid}/${id}`)).status).toBe(404);
  const row = await numberRow(number);
  expect(row).toMatchObject({ status: "quarantined", deviceId: null, paidUntil: null });
  const { guid: next } = await createLoggedInUser(server.baseUrl);
  const again = await app("POST", `/devices/${next}`, { json: { id: `@purpose/tel:${number}` } });
  expect(again.status).toBe(409);
  expect(again.body.detail).toMatch(/quarantined/);
  const { rows } = await db.query(`SELECT "payload" FROM "Event" WHERE "type" = 'PurposeNumberReleased' AND "payload"->'params'->>'id' = $1`, [id]);
  expect(rows).toHaveLength(1);
  expect(rows[0].payload).toMatchObject({
    type: "PurposeNumberReleased",
    resource: `${server.baseUrl}/rest/1.0/devices/${guid}/${encodeURIComponent(id)}`,
    params: { userId: guid, id, number: `+${number}`, reason },
  });
  // The user keeps its default device.
  expect((await app("GET", `/devices/${guid}`)).body.entry.length).toBeGreaterThan(0);
}
