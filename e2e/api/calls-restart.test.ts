import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, demoApp, uniqueLogin } from "../support/api-client";
import { launch, startServer, stopProcess, waitUntilHealthy, type TestServer } from "../support/server";

// Its own server (not the suite's), because it restarts it. Numbers ring for a minute here, and
// POST /calls waits only 500 ms, so a call can be left ringing (504 call_pending). A minute costs
// 100.00 USD, so the seeded demo account (500.00) runs short within the file.
const PRICES = JSON.stringify({ USD: { purpose_number_month: "1.00", call_minute: "100.00", sms: "0.01" } });
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env: { SIMULATOR_RING_MS: "60000", CALL_CONNECT_WAIT_MS: "500", BILLING_PRICES: PRICES } });
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

const api = (method: string, p: string, json?: unknown) => call(server.baseUrl, demoApp, method, p, json === undefined ? {} : { json });
const origin = () => server.baseUrl.replace("localhost", "127.0.0.1");

describe("calls across a restart", () => {
  it("answers 504 call_pending while ringing; after a restart active calls end as FAILURE server_restart", async () => {
    const created = await api("POST", "/users", { login: uniqueLogin("restart"), password: "restart-pass-1" });
    expect(created.status, created.text).toBe(201);
    const guid = created.body.entry.guid as string;

    const pending = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 010 7777", "tel:+1 555 010 8888"] });
    expect(pending.status, pending.text).toBe(504);
    expect(pending.body).toMatchObject({ code: "call_pending", legStatus: "RINGING" });
    expect(pending.headers.get("location")).toBe(`/rest/1.0/calls/${guid}/${pending.body.callId}`);

    const answered = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 010 0001", "tel:+1 555 020 0001"] });
    expect(answered.status, answered.text).toBe(201);
    expect(answered.body.entry.status).toBe("CONNECTED");
    const finished = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 030 0001", "tel:+1 555 040 0001"] });
    expect((await api("PUT", `/calls/${guid}/${finished.body.entry.id}`, { active: false })).body.entry.status).toBe("COMPLETED");

    await stopProcess(server.process);
    const log = path.join(server.dataDir, "restart.log");
    server.process = launch(server.env, log);
    await waitUntilHealthy(origin(), server.process, log);

    for (const id of [pending.body.callId, answered.body.entry.id]) {
      const res = await api("GET", `/calls/${guid}/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.entry).toMatchObject({ active: false, status: "FAILURE", reason: "server_restart", endTime: expect.any(String) });
      for (const leg of res.body.entry.legs) expect(leg).toMatchObject({ status: "FAILURE", reason: "server_restart" });
    }
    const untouched = await api("GET", `/calls/${guid}/${finished.body.entry.id}`);
    expect(untouched.body.entry).toMatchObject({ status: "COMPLETED", success: true });
    expect(untouched.body.entry).not.toHaveProperty("reason", "server_restart");

    // The connected one was billed for its minute; the ringing one costs nothing.
    const ledger = await api("GET", `/billing/${guid}/ledger`);
    const calls = ledger.body.entry.filter((e: { item: string }) => e.item === "call_minute");
    expect(calls.map((e: { reference: string }) => e.reference).sort()).toEqual([`call:${answered.body.entry.id}`, `call:${finished.body.entry.id}`].sort());
    const events = await api("GET", `/apps/demo:demo-app/events?filterBy=type&filterValue=CallCompleted&count=100`);
    const restarted = events.body.entry.filter((e: { payload: { params: { reason?: string } } }) => e.payload.params.reason === "server_restart");
    expect(restarted.map((e: { payload: { params: { callid: number } } }) => e.payload.params.callid).sort()).toEqual([pending.body.callId, answered.body.entry.id].sort());
  }, 300_000);

  it("charges the minutes the balance still pays and reports the rest unpaid; then refuses calls up front", async () => {
    // 500.00 less the calls before (the one ended by the restart ran as long as the restart took).
    const created = await api("POST", "/users", { login: uniqueLogin("short"), password: "restart-pass-1" });
    const guid = created.body.entry.guid as string;
    const balance = Number((await api("GET", `/billing/${guid}`)).body.entry.balance);
    const payable = Math.floor(balance / 100);
    expect(payable).toBeGreaterThanOrEqual(1);
    const placed = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 050 0001", "tel:+1 555 060 0001"] });
    expect(placed.status, placed.text).toBe(201);
    // One started minute more than the balance pays.
    expect((await api("POST", "/simulator/clock", { advanceSeconds: payable * 60 + 30 })).status).toBe(200);
    const ended = await api("PUT", `/calls/${guid}/${placed.body.entry.id}`, { active: false });
    expect(ended.body.entry.duration).toBeGreaterThanOrEqual(payable * 60 + 30);
    const costs = await api("GET", `/apps/demo:demo-app/events?filterBy=type&filterValue=CallCost&count=100`);
    const cost = costs.body.entry.find((e: { payload: { params: { callid: number } } }) => e.payload.params.callid === placed.body.entry.id);
    const left = (balance - payable * 100).toFixed(2);
    expect(cost.payload.params).toMatchObject({ status: "partially_charged", minutes: payable + 1, charged: payable, unpaidMinutes: 1, amount: `${payable * 100}.00`, balance: left });
    expect((await api("GET", `/billing/${guid}`)).body.entry.balance).toBe(left);

    const refused = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 070 0001", "tel:+1 555 080 0001"] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "credit_exhausted", balance: left, price: "100.00", currency: "USD" });
    expect((await api("GET", `/calls/${guid}`)).body.totalResults).toBe(1);
  }, 120_000);
});
