// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, client, createLoggedInUser, otherApp, uniqueLogin } from "@/e2e/support/api-client";

// Billing through the API: the user's accountId on POST/PUT /users, the application's default
// account (the seed makes "Demo account" the demo application's default), and the read API
// GET /billing/<guid> and /billing/<guid>/ledger with its billing gate. Debits and their
// concurrency are tested against the database in billing-charge.test.ts.

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);
let demoAccountId: string;
let otherAccountId: string;

async function createUser(json: Record<string, unknown> = {}, via = app) {
  const res = await via("POST", "/users", { json: { login: uniqueLogin("billing"), password: "password-123", ...json } });
  expect(res.status, res.text).toBe(201);
  return res.body.entry as { guid: string; accountId?: string };
}

beforeAll(async () => {
  demoAccountId = (await createUser()).accountId!;
  otherAccountId = (await createUser({}, other)).accountId!;
});

describe("accounts of users", () => {
  it("puts a user created by the application in its default billing account", async () => {
    expect(demoAccountId).toMatch(/^[0-9a-f-]{36}$/);
    expect(otherAccountId).not.toBe(demoAccountId);
    const billing = await app("GET", `/billing/${(await createUser()).guid}`);
    expect(billing.status).toBe(200);
    expect(billing.body.entry).toMatchObject({
      accountId: demoAccountId,
      name: "Demo account",
      currency: "USD",
      lowCreditThreshold: "10.00",
      status: "ok",
    });
    expect(billing.body.entry.prices).toEqual({ purpose_number_month: "1.00", call_minute: "0.02", sms: "0.01" });
    expect(Number(billing.body.entry.balance)).toBeGreaterThan(0);
  });

  it("accepts accountId on POST /users: one of the same developer, null for none, another developer's is 404", async () => {
    expect((await createUser({ accountId: demoAccountId.toUpperCase() })).accountId).toBe(demoAccountId);
    expect((await createUser({ accountId: null })).accountId).toBeUndefined();
    const login = uniqueLogin("foreign");
    const foreign = await app("POST", "/users", { json: { login, password: "password-123", accountId: otherAccountId } });
    const unknown = await app("POST", "/users", { json: { login, password: "password-123", accountId: "00000000-0000-4000-8000-000000000000" } });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.body.detail).toBe(unknown.body.detail.replace("00000000-0000-4000-8000-000000000000", otherAccountId));
    expect((await app("GET", `/users?filterBy=login&filterValue=${login}`)).body.totalResults).toBe(0);
    expect((await app("POST", "/users", { json: { login, password: "password-123", accountId: "acme" } })).body.errors).toEqual([
      { field: "accountId", message: "must be a GUID" },
    ]);
  });

  it("moves a user with PUT /users (application only), and takes it out with null", async () => {
    const user = await createUser({ accountId: null });
    const joined = await app("PUT", `/users/${user.guid}`, { json: { accountId: demoAccountId } });
    expect(joined.status).toBe(200);
    expect(joined.body.entry.accountId).toBe(demoAccountId);
    expect((await app("PUT", `/users/${user.guid}`, { json: { accountId: otherAccountId } })).status).toBe(404);
    expect((await app("GET", `/users/${user.guid}`)).body.entry.accountId).toBe(demoAccountId);
    const left = await app("PUT", `/users/${user.guid}`, { json: { accountId: null } });
    expect(left.body.entry.accountId).toBeUndefined();
    const members = await app("GET", `/users?filterBy=accountId&filterValue=${demoAccountId}&count=0`);
    expect(members.body.totalResults).toBeGreaterThan(0);
  });

  it("lets a user PUT its GET representation back, but not change its own account (403)", async () => {
    const user = await createLoggedInUser(baseUrl);
    const me = (await call(baseUrl, user.creds, "GET", `/users/${user.guid}`)).body.entry;
    expect(me.accountId).toBe(demoAccountId);
    const same = await call(baseUrl, user.creds, "PUT", `/users/${user.guid}`, { json: { ...me, firstName: "Same account" } });
    expect(same.status).toBe(200);
    const leave = await call(baseUrl, user.creds, "PUT", `/users/${user.guid}`, { json: { accountId: null } });
    expect(leave.status).toBe(403);
    expect(leave.body.detail).toMatch(/cannot change its own billing account/);
    expect((await app("GET", `/users/${user.guid}`)).body.entry.accountId).toBe(demoAccountId);
  });
});

describe("the billing gate", () => {
  it("answers 403 billing_required, saying what to do, for a user without an account; its own data still reads", async () => {
    const login = uniqueLogin("unbilled");
    const created = await app("POST", "/users", { json: { login, password: "password-123", accountId: null } });
    const guid = created.body.entry.guid;
    for (const path of [`/billing/${guid}`, `/billing/${guid}/ledger`]) {
      const res = await app("GET", path);
      expect(res.status, path).toBe(403);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(res.body).toMatchObject({ code: "billing_required", title: "Billing account required" });
      expect(res.body.detail).toMatch(/must add the user to a billing account in the developer portal/);
    }
    expect((await app("GET", `/users/${guid}`)).status).toBe(200);
  });

  it("hides another domain's user and an unknown one behind the same 404", async () => {
    const foreign = await createUser({}, other);
    const a = await app("GET", `/billing/${foreign.guid}`);
    const b = await app("GET", "/billing/00000000-0000-4000-8000-000000000000");
    expect([a.status, b.status]).toEqual([404, 404]);
  });
});

describe("the ledger", () => {
  it("shows the user's debits and the account's credits, newest first, paged and filterable", async () => {
    const user = await createLoggedInUser(baseUrl);
    const res = await call(baseUrl, user.creds, "GET", `/billing/${user.guid}/ledger?count=1`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startIndex: 0, itemsPerPage: 1 });
    expect(res.body.totalResults).toBeGreaterThanOrEqual(1);
    const credits = await app("GET", `/billing/${user.guid}/ledger?filterBy=type&filterValue=credit`);
    const seeded = credits.body.entry.find((e: { reference: string }) => e.reference === "seed:demo-credit");
    expect(seeded).toMatchObject({
      type: "credit",
      item: "top_up",
      quantity: 1,
      amount: "500.00",
      balance: "500.00",
      currency: "USD",
      description: "Demo credit",
    });
    expect(seeded.user).toBeUndefined();
    expect(
      (await app("GET", `/billing/${user.guid}/ledger?filterBy=type&filterValue=debit`)).body.entry.every(
        (e: { user: string }) => e.user === user.guid,
      ),
    ).toBe(true);
    expect((await app("GET", `/billing/${user.guid}/ledger?filterBy=amount&filterValue=1`)).status).toBe(400);
  });
});
