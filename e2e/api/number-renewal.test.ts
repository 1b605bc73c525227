import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoggedInUser } from "../support/api-client";
import { startRenewalServer } from "../support/number-renewal";

// The monthly renewal of purpose numbers (docs/numbers.md), with the scheduler off so only the
// test runs the job.
let harness: Awaited<ReturnType<typeof startRenewalServer>>;
let server: typeof harness.server, db: typeof harness.db, app: typeof harness.app;
let userWithNumber: typeof harness.userWithNumber,
  expire: typeof harness.expire,
  monthsCharged: typeof harness.monthsCharged,
  runJob: typeof harness.runJob;

beforeAll(async () => {
  harness = await startRenewalServer({ DELIVERY_SCHEDULER: "off" });
  ({ server, db, app, userWithNumber, expire, monthsCharged, runJob } = harness);
}, 180_000);

afterAll(async () => harness?.stop(), 120_000);

const numberRow = async (number: string) =>
  (await db.query(`SELECT "status", "deviceId", "paidUntil" FROM "PhoneNumber" WHERE "number" = $1`, [number])).rows[0];

describe("purpose number renewal", () => {
  it("refuses a call without a valid X-Jobs-Signature", async () => {
    expect((await fetch(`${server.baseUrl}/api/jobs/renew-numbers`, { method: "POST" })).status).toBe(401);
    expect((await runJob(`t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`)).status).toBe(401);
  });

  it("sets paidUntil a month after allocation", async () => {
    const { number } = await userWithNumber("GBR");
    const { rows } = await db.query(`SELECT "paidUntil" = "allocatedAt" + INTERVAL '1 month' AS "oneMonth" FROM "PhoneNumber" WHERE "number" = $1`, [
      number,
    ]);
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
    const day = (offsetMonths: number) =>
      db.query(`SELECT to_char($1::timestamp + make_interval(months => $2), 'YYYY-MM-DD') AS d`, [was, offsetMonths]);
    const [from, to] = [(await day(0)).rows[0].d, (await day(1)).rows[0].d];
    expect(months[0]).toMatchObject({ reference: `device:${id}/${from}..${to}`, amount: "-1.00" });
    const { rows } = await db.query(`SELECT "paidUntil" = $2::timestamp + INTERVAL '1 month' AS "oneMonth" FROM "PhoneNumber" WHERE "number" = $1`, [
      number,
      was,
    ]);
    expect(rows[0].oneMonth).toBe(true);

    // Paid up again: another run charges nothing.
    await runJob();
    expect(await monthsCharged(guid, id)).toHaveLength(2);
    const device = await app("GET", `/devices/${guid}/${id}`);
    expect(device.status).toBe(200);
    expect(new Date(device.body.entry.paidUntil).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
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
