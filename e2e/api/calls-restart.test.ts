import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, demoApp, uniqueLogin } from "../support/api-client";
import { specialApps } from "../support/fixtures";
import { launch, startServer, stopProcess, waitUntilHealthy, type TestServer } from "../support/server";

// Its own server (not the suite's), because it restarts it. Numbers ring for a minute here, and
// POST /calls waits only 500 ms, so a call can be left ringing (504 call_pending). A minute costs
// 100.00 USD, so the seeded demo account (500.00) runs short within the file.
const PRICES = JSON.stringify({ USD: { purpose_number_month: "1.00", call_minute: "100.00", sms: "0.01" } });
let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    postgresUrl: process.env.TEST_DATABASE_URL || undefined,
    env: { SIMULATOR_RING_MS: "60000", CALL_CONNECT_WAIT_MS: "500", BILLING_PRICES: PRICES },
  });
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

const api = (method: string, p: string, json?: unknown) => call(server.baseUrl, demoApp, method, p, json === undefined ? {} : { json });
const origin = () => server.baseUrl.replace("localhost", "127.0.0.1");

async function restart(logName: string) {
  await stopProcess(server.process);
  const log = path.join(server.dataDir, logName);
  server.process = launch(server.env, log);
  await waitUntilHealthy(origin(), server.process, log);
}

describe("calls across a restart", () => {
  it("answers 504 call_pending while ringing; after a restart active calls end as FAILURE server_restart", async () => {
    const created = await api("POST", "/users", { login: uniqueLogin("restart"), password: "restart-pass-1" });
    expect(created.status, created.text).toBe(201);
    const guid = created.body.entry.guid as string;

    const pending = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 010 7777", "tel:+1 555 010 8888"] });
    expect(pending.status, pending.text).toBe(504);
    expect(pending.body).toMatchObject({ code: "call_pending", legStatus: "RINGING" });
    expect(pending.headers.get("location")).toMatch(new RegExp(`^http://[^/]+/rest/1\\.0/calls/${guid}/${pending.body.callId}$`));

    const answered = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 010 0001", "tel:+1 555 020 0001"] });
    expect(answered.status, answered.text).toBe(201);
    expect(answered.body.entry.status).toBe("CONNECTED");
    const finished = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 030 0001", "tel:+1 555 040 0001"] });
    expect((await api("PUT", `/calls/${guid}/${finished.body.entry.id}`, { active: false })).body.entry.status).toBe("COMPLETED");

    await restart("restart.log");

    for (const id of [pending.body.callId, answered.body.entry.id]) {
      const res = await api("GET", `/calls/${guid}/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.entry).toMatchObject({ active: false, status: "FAILURE", reason: "server_restart", endTime: expect.any(String) });
      for (const leg of res.body.entry.legs) expect(leg).toMatchObject({ status: "FAILURE", reason: "server_restart" });
    }
    const untouched = await api("GET", `/calls/${guid}/${finished.body.entry.id}`);
    expect(untouched.body.entry).toMatchObject({ status: "COMPLETED", success: true });
    expect(untouched.body.entry).not.toHaveProperty("reason", "server_restart");

    // The connected ones paid their minutes; the ringing one's minute, reserved when it was placed, was released.
    const ledger = await api("GET", `/billing/${guid}/ledger?filterBy=item&filterValue=call_minute&count=100`);
    const entries = ledger.body.entry as Array<{ reference: string; amount: string }>;
    const net = (callId: number) => entries.filter((e) => e.reference === `call:${callId}`).reduce((sum, e) => sum + Number(e.amount), 0);
    expect(new Set(entries.map((e) => e.reference))).toEqual(
      new Set([pending.body.callId, answered.body.entry.id, finished.body.entry.id].map((id) => `call:${id}`)),
    );
    expect(net(pending.body.callId)).toBe(0);
    expect(net(answered.body.entry.id)).toBeLessThanOrEqual(-100);
    expect(net(finished.body.entry.id)).toBe(-100);
    const events = await api("GET", `/apps/demo:demo-app/events?filterBy=type&filterValue=CallCompleted&count=100`);
    const restarted = events.body.entry.filter((e: { payload: { params: { reason?: string } } }) => e.payload.params.reason === "server_restart");
    expect(restarted.map((e: { payload: { params: { callid: number } } }) => e.payload.params.callid).sort()).toEqual(
      [pending.body.callId, answered.body.entry.id].sort(),
    );
  }, 300_000);

  it("stops a call when the balance cannot pay its next minute; then refuses calls up front", async () => {
    // 500.00 less the calls before (the one ended by the restart ran as long as the restart took).
    const created = await api("POST", "/users", { login: uniqueLogin("short"), password: "restart-pass-1" });
    const guid = created.body.entry.guid as string;
    const balance = Number((await api("GET", `/billing/${guid}`)).body.entry.balance);
    const payable = Math.floor(balance / 100);
    expect(payable).toBeGreaterThanOrEqual(1);
    const placed = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 050 0001", "tel:+1 555 060 0001"] });
    expect(placed.status, placed.text).toBe(201);
    expect((await api("GET", `/billing/${guid}`)).body.entry.balance).toBe((balance - 100).toFixed(2)); // the first minute, reserved
    // Half a minute past what the balance pays: the call stops when the minute it cannot pay starts.
    expect((await api("POST", "/simulator/clock", { advanceSeconds: payable * 60 + 30 })).status).toBe(200);
    const ended = await api("GET", `/calls/${guid}/${placed.body.entry.id}`);
    expect(ended.body.entry).toMatchObject({ active: false, status: "COMPLETED", reason: "credit_exhausted", duration: payable * 60 });
    const costs = await api("GET", `/apps/demo:demo-app/events?filterBy=type&filterValue=CallCost&count=100`);
    const cost = costs.body.entry.find((e: { payload: { params: { callid: number } } }) => e.payload.params.callid === placed.body.entry.id);
    const left = (balance - payable * 100).toFixed(2);
    expect(cost.payload.params).toMatchObject({
      status: "charged",
      minutes: payable,
      charged: payable,
      unpaidMinutes: 0,
      amount: `${payable * 100}.00`,
      balance: left,
    });
    expect((await api("GET", `/billing/${guid}`)).body.entry.balance).toBe(left);

    const refused = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 070 0001", "tel:+1 555 080 0001"] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "credit_exhausted", balance: left, price: "100.00", currency: "USD" });
    expect((await api("GET", `/calls/${guid}`)).body.totalResults).toBe(1);
  }, 120_000);

  it("keeps each domain's simulator clock across a restart, and only that domain's", async () => {
    const moved = await api("POST", "/simulator/clock", { advanceSeconds: 3600 });
    expect(moved.status, moved.text).toBe(200);
    const demoOffset = moved.body.entry.offsetSeconds as number;
    expect(demoOffset).toBeGreaterThanOrEqual(3600);

    await restart("clock-restart.log");

    const demoAfter = await api("POST", "/simulator/clock", { advanceSeconds: 1 });
    expect(demoAfter.status, demoAfter.text).toBe(200);
    expect(demoAfter.body.entry.offsetSeconds).toBe(demoOffset + 1);
    // The other domain's clock never moved: its first move starts from real time.
    const otherAfter = await call(server.baseUrl, specialApps.testTool, "POST", "/simulator/clock", { json: { advanceSeconds: 1 } });
    expect(otherAfter.status, otherAfter.text).toBe(200);
    expect(otherAfter.body.entry.offsetSeconds).toBe(1);
  }, 120_000);
});
