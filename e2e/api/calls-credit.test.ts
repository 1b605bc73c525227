import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabaseUrl } from "@/lib/core/db/embedded";
import { client, uniqueLogin, type ApiResponse } from "../support/api-client";
import { waitFor } from "../support/receiver";
import { startServer, type TestServer } from "../support/server";

// A call's credit (docs/billing.md, "Calls"): the first minute is reserved when the call is placed,
// one more as each minute starts, and what is unused is released at the end. Its own server, and a
// database connection to open billing accounts with a small balance (on PGlite through the embedded
// socket's second slot, used only between requests).

let server: TestServer;
let db: pg.Client;
let app: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined });
  db = new pg.Client({ connectionString: server.env.DATABASE_URL || embeddedDatabaseUrl(path.join(server.dataDir, "socket")) });
  await db.connect();
  app = client(server.baseUrl);
}, 180_000);
afterAll(async () => {
  await db?.end();
  await server?.stop();
}, 120_000);

/** A new user of the demo domain, alone in a new USD billing account of the demo developer holding `balance`. */
async function userWithBalance(balance: string): Promise<string> {
  const { rows } = await db.query(
    `INSERT INTO "BillingAccount" ("id", "developerId", "name", "currency", "balance")
     SELECT gen_random_uuid(), d."ownerId", $1, 'USD', $2 FROM "Domain" d WHERE d."name" = 'demo' RETURNING "id"`,
    [uniqueLogin("account"), balance],
  );
  const res = await app("POST", "/users", { json: { login: uniqueLogin("payer"), password: "credit-pass-1", accountId: rows[0].id } });
  expect(res.status, res.text).toBe(201);
  return res.body.entry.guid as string;
}

const balanceOf = async (guid: string) => (await app("GET", `/billing/${guid}`)).body.entry.balance as string;
const place = (guid: string, to = "tel:+1 555 200 0001", from = "tel:+1 555 100 7777") =>
  app("POST", `/calls/${guid}`, { json: { legs: [from, to] } });

/** The ledger entries of one call, oldest first. */
async function ledgerOf(guid: string, callId: number) {
  const res = await app("GET", `/billing/${guid}/ledger?filterBy=reference&filterValue=call:${callId}`);
  expect(res.status, res.text).toBe(200);
  return (res.body.entry as Array<{ type: string; quantity: number; amount: string; balance: string; description: string }>).reverse();
}

async function advance(advanceSeconds: number) {
  const res = await app("POST", "/simulator/clock", { json: { advanceSeconds } });
  expect(res.status, res.text).toBe(200);
}

/** The call once it has ended. */
const ended = (guid: string, callId: number) =>
  waitFor(
    async () => {
      const res = await app("GET", `/calls/${guid}/${callId}`);
      return res.body.entry.active ? undefined : res.body.entry;
    },
    10_000,
    `call ${callId} to end`,
  );

/** One event of a call from the demo application's event log. */
const eventOf = (callId: number, type: string) =>
  waitFor(
    async () => {
      const res = await app("GET", `/apps/demo:demo-app/events?count=100&filterBy=type&filterValue=${type}`);
      const events = (res.body.entry as Array<{ payload: { params: Record<string, unknown> } }>).map((e) => e.payload);
      return events.find((p) => p.params.callid === callId);
    },
    10_000,
    `${type} of call ${callId}`,
  );

describe("calls: credit reserved at admission", () => {
  it("admits only what a 0.02 USD balance pays among 30 calls placed at once; the rest are 409 and the balance never goes below zero", async () => {
    const guid = await userWithBalance("0.02");
    const results: ApiResponse[] = await Promise.all(
      Array.from({ length: 30 }, (_, i) => place(guid, "tel:+1 555 200 0001", `tel:+1 555 100 ${1000 + i}`)),
    );
    const admitted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(admitted).toHaveLength(1);
    expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(29).fill([409, "credit_exhausted"]));
    for (const r of refused) expect(r.body).toMatchObject({ balance: "0.00", price: "0.02", currency: "USD" });
    expect(await balanceOf(guid)).toBe("0.00");
    // A refused call is not placed at all.
    expect((await app("GET", `/calls/${guid}`)).body.totalResults).toBe(1);

    // Hung up within its first minute: the reserved minute pays it, nothing is given back or owed.
    const call = admitted[0]!.body.entry;
    expect((await app("PUT", `/calls/${guid}/${call.id}`, { json: { active: false } })).status).toBe(200);
    expect((await eventOf(call.id, "CallCost")).params).toMatchObject({
      status: "charged",
      minutes: 1,
      charged: 1,
      unpaidMinutes: 0,
      amount: "0.02",
      balance: "0.00",
    });
    expect(await ledgerOf(guid, call.id)).toMatchObject([{ type: "debit", quantity: 1, amount: "-0.02", balance: "0.00" }]);
    expect(await balanceOf(guid)).toBe("0.00");
  }, 60_000);

  it("stops a connected call when the next minute cannot be reserved, charging only the minutes it had", async () => {
    const guid = await userWithBalance("0.05");
    const placed = await place(guid);
    expect(placed.status, placed.text).toBe(201);
    expect(await balanceOf(guid)).toBe("0.03"); // the first minute, reserved

    await advance(200); // the second minute is reserved at 60 s; the third cannot be at 120 s
    const call = await ended(guid, placed.body.entry.id);
    expect(call).toMatchObject({ status: "COMPLETED", reason: "credit_exhausted", duration: 120 });
    for (const leg of call.legs) expect(leg).toMatchObject({ status: "HUNGUP", reason: "credit_exhausted" });
    expect((await eventOf(call.id, "CallCompleted")).params).toMatchObject({ status: "COMPLETED", duration: 120, reason: "credit_exhausted" });
    expect((await eventOf(call.id, "CallCost")).params).toMatchObject({
      status: "charged",
      minutes: 2,
      charged: 2,
      unpaidMinutes: 0,
      amount: "0.04",
      balance: "0.01",
    });
    expect(await ledgerOf(guid, call.id)).toMatchObject([
      { type: "debit", quantity: 1, amount: "-0.02", balance: "0.03" },
      { type: "debit", quantity: 1, amount: "-0.02", balance: "0.01" },
    ]);
    expect(await balanceOf(guid)).toBe("0.01");
  }, 60_000);

  it("releases the reserved minute of a call that never connected", async () => {
    const guid = await userWithBalance("0.02");
    const busy = await place(guid, "tel:+1 555 200 0002");
    expect(busy.status, busy.text).toBe(409);
    expect(busy.body.code).toBe("call_busy");
    expect(await ledgerOf(guid, busy.body.callId)).toMatchObject([
      { type: "debit", quantity: 1, amount: "-0.02", balance: "0.00" },
      { type: "credit", quantity: 1, amount: "0.02", balance: "0.02", description: `Call ${busy.body.callId}: 1 unused minute released` },
    ]);
    expect(await balanceOf(guid)).toBe("0.02");
  });

  it("stops a call at the next minute once its user has left the billing account that pays it", async () => {
    const guid = await userWithBalance("1.00");
    const placed = await place(guid);
    expect(placed.status, placed.text).toBe(201);
    expect((await app("PUT", `/users/${guid}`, { json: { accountId: null } })).status).toBe(200);
    await advance(61);
    const call = await ended(guid, placed.body.entry.id);
    expect(call).toMatchObject({ status: "COMPLETED", reason: "billing_required", duration: 60 });
    expect((await eventOf(call.id, "CallCost")).params).toMatchObject({ status: "charged", minutes: 1, charged: 1, unpaidMinutes: 0 });
  });
});
