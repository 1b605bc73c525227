import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest, type SignRequestInput } from "@/lib/http/oauth/sign-request";
import { call, createLoggedInUser, demoApp, uniqueLogin, type Credentials } from "../support/api-client";
import { specialApps } from "../support/fixtures";
import { startReceiver, waitFor } from "../support/receiver";
import { cpuSeconds, descendantPids, startServer, type TestServer } from "../support/server";

// `npm start` with WEB_CONCURRENCY=2 (scripts/web-workers.ts), on the suite's database (PGlite
// through the launcher's socket, or PostgreSQL), without Redis: what must be one per instance is
// held by the launcher. Requests go over a new connection each, which either worker may accept.

const USER_TOKEN_LIMIT = 6;
let server: TestServer;

/** The launcher's web workers (its children running the server). */
const workerPids = () =>
  descendantPids(server.process.pid!).filter((pid) => {
    try {
      return /\.build\/serve\.js|scripts\/serve\.ts/.test(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"));
    } catch {
      return false;
    }
  });

/** One signed request on a connection of its own (closed after the answer). */
function onNewConnection(
  creds: Credentials,
  method: string,
  path: string,
  sign: Partial<SignRequestInput> = {},
): Promise<{ status: number; body: string }> {
  const url = `${server.baseUrl}/rest/1.0${path}`;
  const { authorization } = signRequest({ method, url, ...creds, ...sign });
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: false, headers: { Authorization: authorization, Connection: "close" } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

beforeAll(async () => {
  server = await startServer({
    postgresUrl: process.env.TEST_DATABASE_URL || undefined,
    env: {
      WEB_CONCURRENCY: "2",
      REDIS_URL: "",
      RATE_LIMIT_USER_TOKEN: String(USER_TOKEN_LIMIT),
      RATE_LIMIT_WINDOW_SECONDS: "600",
      DELIVERY_INTERVAL_MS: "100",
    },
  });
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

describe("web workers (WEB_CONCURRENCY=2)", () => {
  it("runs two workers on one port, and both serve", async () => {
    const pids = workerPids();
    expect(pids).toHaveLength(2);
    const before = pids.map((pid) => cpuSeconds([pid]));
    for (let i = 0; i < 60; i++) expect((await onNewConnection(demoApp, "GET", "/users?count=20")).status).toBe(200);
    const used = pids.map((pid, i) => cpuSeconds([pid]) - before[i]!);
    // Each worker answered some: each spent CPU on it (a clock tick is 10 ms).
    expect(
      used.every((seconds) => seconds >= 0.02),
      `CPU seconds per worker: ${used.join(", ")}`,
    ).toBe(true);
  });

  it("counts a token's requests on both workers against one budget (held by the launcher)", async () => {
    const user = await createLoggedInUser(server.baseUrl);
    const pids = workerPids();
    const before = pids.map((pid) => cpuSeconds([pid]));
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await onNewConnection(user.creds, "GET", `/users/${user.guid}`)).status);
    // Both workers took some of the twenty: counted per worker, more than six would pass.
    expect(pids.map((pid, i) => cpuSeconds([pid]) - before[i]!).every((seconds) => seconds > 0)).toBe(true);
    expect(statuses).toEqual([...Array(USER_TOKEN_LIMIT).fill(200), ...Array(20 - USER_TOKEN_LIMIT).fill(409)]);
  });

  it("counts an account's failed sign-ins on both workers together (the launcher's sign-in limits)", async () => {
    const login = uniqueLogin("guessed");
    expect((await call(server.baseUrl, demoApp, "POST", "/users", { json: { login, password: "right-password-1" } })).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const sign = { extraOAuthParams: { x_auth_username: login, x_auth_password: `guess-${i}` } };
      statuses.push((await onNewConnection(demoApp, "POST", "/login", sign)).status);
    }
    // The suite's servers allow 5 free failures; the sixth makes the address wait. Per worker, about twelve would be checked.
    expect(statuses).toEqual([...Array(6).fill(401), ...Array(6).fill(409)]);
  });

  it("refuses a revoked token on both workers at once: the revoking worker tells the other to forget its cached credentials", async () => {
    const app = { consumerKey: specialApps.events.consumerKey, consumerSecret: specialApps.events.consumerSecret };
    const user = await createLoggedInUser(server.baseUrl, app);
    // Both workers read (and cache) the token.
    const reads = [await onNewConnection(user.creds, "GET", `/users/${user.guid}`), await onNewConnection(user.creds, "GET", `/users/${user.guid}`)];
    expect(reads.map((r) => r.status)).toEqual([200, 200]);
    const session = (await call(server.baseUrl, user.creds, "GET", `/sessions/${user.guid}`)).body.entry[0].id;
    expect((await onNewConnection(app, "DELETE", `/sessions/${user.guid}/${session}`)).status).toBe(204);
    // No wait for the cache's 2 s window.
    const after = [await onNewConnection(user.creds, "GET", `/users/${user.guid}`), await onNewConnection(user.creds, "GET", `/users/${user.guid}`)];
    expect(after.map((r) => r.status)).toEqual([401, 401]);
  });

  it("delivers each event once with two workers", async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const appId = `other:${specialApps.events.name}`;
      const events = specialApps.events;
      expect((await call(server.baseUrl, events, "PUT", `/apps/${appId}`, { json: { notificationUrl: receiver.url } })).status).toBe(200);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        const sent = await onNewConnection(events, "POST", `/apps/${appId}/events/test`);
        expect(sent.status).toBe(201);
        ids.push(JSON.parse(sent.body).entry.id);
      }
      await waitFor(() => ids.every((id) => receiver.deliveredIds().has(id)), 30_000, "all ten deliveries");
      await new Promise((resolve) => setTimeout(resolve, 1500)); // room for any duplicate to arrive
      const counts = receiver.deliveredIds();
      expect(ids.map((id) => counts.get(id))).toEqual(Array(10).fill(1));
    } finally {
      await receiver.close();
    }
  });

  it("replaces a worker killed with -9 while the other serves, and the replacement ends none of the calls", async () => {
    const api = (method: string, path: string, json?: unknown) => call(server.baseUrl, demoApp, method, path, json === undefined ? {} : { json });
    const created = await api("POST", "/users", { login: uniqueLogin("workers"), password: "workers-pass-1" });
    expect(created.status, created.text).toBe(201);
    const guid = created.body.entry.guid as string;
    const placed = await api("POST", `/calls/${guid}`, { legs: ["tel:+1 555 010 0001", "tel:+1 555 020 0001"] });
    expect(placed.status, placed.text).toBe(201);
    const callId = placed.body.entry.id;

    const [victim, survivor] = workerPids();
    process.kill(victim!, "SIGKILL");
    // Every request meanwhile is answered: the launcher hands new connections to the live worker.
    const during: number[] = [];
    const replaced = async () => {
      during.push((await onNewConnection(demoApp, "GET", "/users?count=1")).status);
      const pids = workerPids();
      return pids.length === 2 && !pids.includes(victim!) ? pids : undefined;
    };
    const pids = await waitFor(replaced, 60_000, "a new worker");
    expect(pids).toContain(survivor);
    expect(
      during.every((status) => status === 200),
      `statuses meanwhile: ${during.join(",")}`,
    ).toBe(true);
    // The new worker answers too, and the call placed before the kill is still up: both workers share the launcher's boot id.
    await waitFor(
      async () => (await onNewConnection(demoApp, "GET", "/users?count=1")).status === 200 && cpuSeconds([pids.find((p) => p !== survivor)!]) > 0,
    );
    for (let i = 0; i < 4; i++) {
      const read = await onNewConnection(demoApp, "GET", `/calls/${guid}/${callId}`);
      expect(read.status).toBe(200);
      expect(JSON.parse(read.body).entry).toMatchObject({ active: true, status: "CONNECTED" });
    }
    expect((await api("PUT", `/calls/${guid}/${callId}`, { active: false })).body.entry.status).toBe("COMPLETED");
  }, 90_000);

  it("stops every worker and the launcher on one Ctrl-C", async () => {
    const pids = workerPids();
    const exited = once(server.process, "exit");
    // A terminal's Ctrl-C reaches the whole process group: the launcher and each worker.
    for (const pid of [server.process.pid!, ...pids]) process.kill(pid, "SIGINT");
    const [code] = await exited;
    expect(code).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});
