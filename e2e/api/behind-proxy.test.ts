import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CREDENTIAL_CACHE_TTL_MS } from "@/lib/http/oauth/credential-cache";
import { signRequest } from "@/lib/http/oauth/sign-request";
import { startAlternatingProxy, type AlternatingProxy } from "../support/alternating-proxy";
import { call, client, createLoggedInUser } from "../support/api-client";
import { demo, specialApps } from "../support/fixtures";
import { startReceiver, waitFor } from "../support/receiver";
import { freePort, launch, startServer, stopProcess, waitUntilHealthy, type TestServer } from "../support/server";

// The deployment of docs/deploy.md on one machine: two instances of the built app on one
// PostgreSQL and one Redis, behind a proxy that alternates between them request by request
// (round robin, no stickiness), every instance with the same secrets. A cross-section of the API
// through the proxy: whichever instance a request lands on, the answer is the same.

const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const USER_TOKEN_LIMIT = 6;

let first: TestServer | undefined;
let second: ChildProcess | undefined;
let proxy: AlternatingProxy | undefined;

describe.runIf(postgresUrl)("two instances behind an alternating proxy", () => {
  beforeAll(async () => {
    const proxyPort = await freePort();
    const publicUrl = `http://localhost:${proxyPort}`;
    const env = {
      PUBLIC_URL: publicUrl,
      TRUSTED_PROXY_HOPS: "1",
      REDIS_URL: redisUrl,
      RATE_LIMIT_REDIS_PREFIX: `behind-proxy-${randomBytes(4).toString("hex")}:`,
      RATE_LIMIT_USER_TOKEN: String(USER_TOKEN_LIMIT),
      RATE_LIMIT_WINDOW_SECONDS: "600",
      DELIVERY_INTERVAL_MS: "100",
      // The scheduler's leader says so at info.
      LOG_LEVEL: "info",
    };
    first = await startServer({ postgresUrl, env });
    const secondPort = await freePort();
    const log = path.join(first.dataDir, "second.log");
    second = launch({ ...first.env, PORT: String(secondPort) }, log);
    await waitUntilHealthy(`http://127.0.0.1:${secondPort}`, second, log);
    proxy = await startAlternatingProxy([Number(new URL(first.baseUrl).port), secondPort], proxyPort);
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    if (second) await stopProcess(second);
    await first?.stop();
  }, 120_000);

  it("serves signed requests from both instances alike, and a replayed one is refused by the other instance", async () => {
    const app = client(proxy!.url);
    const before = [...proxy!.served];
    for (let i = 0; i < 4; i++) expect((await app("GET", "/domains")).status).toBe(200);
    expect(proxy!.served.map((count, i) => count - before[i]!)).toEqual([2, 2]);

    // One signed request sent twice: the second lands on the other instance, which knows the nonce.
    const url = `${proxy!.url}/rest/1.0/domains`;
    const { authorization } = signRequest({ method: "GET", url, consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret });
    const once = await fetch(url, { headers: { Authorization: authorization } });
    const again = await fetch(url, { headers: { Authorization: authorization } });
    expect(once.status).toBe(200);
    expect(again.status).toBe(401);
    expect(again.headers.get("www-authenticate")).toContain('oauth_problem="nonce_used"');
  });

  it("counts a token's requests on both instances against one budget (Redis)", async () => {
    const user = await createLoggedInUser(proxy!.url);
    const statuses: number[] = [];
    for (let i = 0; i < USER_TOKEN_LIMIT + 2; i++) statuses.push((await call(proxy!.url, user.creds, "GET", `/users/${user.guid}`)).status);
    // The bucket refills USER_TOKEN_LIMIT per 600 s: about none within this test.
    expect(statuses.slice(0, USER_TOKEN_LIMIT)).toEqual(Array(USER_TOKEN_LIMIT).fill(200));
    expect(statuses.slice(USER_TOKEN_LIMIT)).toEqual([409, 409]);
  });

  it("refuses a token revoked through one instance on both within the credential cache's window", async () => {
    const app = { consumerKey: specialApps.events.consumerKey, consumerSecret: specialApps.events.consumerSecret };
    const user = await createLoggedInUser(proxy!.url, app);
    const read = () => call(proxy!.url, user.creds, "GET", `/users/${user.guid}`);
    expect((await read()).status).toBe(200);
    expect((await read()).status).toBe(200);
    const session = (await call(proxy!.url, user.creds, "GET", `/sessions/${user.guid}`)).body.entry[0].id;
    expect((await client(proxy!.url, app)("DELETE", `/sessions/${user.guid}/${session}`)).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, CREDENTIAL_CACHE_TTL_MS + 200));
    const after = [await read(), await read()];
    expect(after.map((r) => r.status)).toEqual([401, 401]);
  });

  it("delivers each event once, whichever instance published it", async () => {
    const receiver = await startReceiver(() => ({ status: 200 }));
    try {
      const events = client(proxy!.url, specialApps.events);
      const appId = `other:${specialApps.events.name}`;
      expect((await events("PUT", `/apps/${appId}`, { json: { notificationUrl: receiver.url } })).status).toBe(200);
      const ids: string[] = [];
      for (let i = 0; i < 10; i++) {
        const sent = await events("POST", `/apps/${appId}/events/test`);
        expect(sent.status).toBe(201);
        ids.push(sent.body.entry.id);
      }
      await waitFor(() => ids.every((id) => receiver.deliveredIds().has(id)), 30_000, "all ten deliveries");
      await new Promise((resolve) => setTimeout(resolve, 1500)); // room for any duplicate to arrive
      const counts = receiver.deliveredIds();
      expect(ids.map((id) => counts.get(id))).toEqual(Array(10).fill(1));
    } finally {
      await receiver.close();
    }
  });

  it("runs the job scheduler on one of the two instances (the holder of its lock)", () => {
    const leads = (file: string) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => line.includes('"this instance runs the job scheduler"')).length;
    expect([leads(path.join(first!.dataDir, "server.log")), leads(path.join(first!.dataDir, "second.log"))]).toEqual([1, 0]);
  });

  it("keeps a developer signed in to the portal whichever instance answers (the instances share AUTH_SECRET)", async () => {
    // next-auth's own endpoints: the CSRF token from one instance, the sign-in on the other.
    const csrf = await fetch(`${proxy!.url}/api/auth/csrf`);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookies = new Map<string, string>();
    const keep = (response: Response) => {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const at = pair!.indexOf("=");
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    keep(csrf);
    const signedIn = await fetch(`${proxy!.url}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader() },
      body: new URLSearchParams({ csrfToken, email: demo.developerEmail, password: demo.developerPassword, callbackUrl: `${proxy!.url}/apps` }),
    });
    expect(signedIn.status, await signedIn.text()).toBeLessThan(400);
    keep(signedIn);
    expect([...cookies.keys()].some((name) => name.includes("session-token"))).toBe(true);
    // Two requests in a row land on the two instances: both know the session.
    const sessions = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${proxy!.url}/api/auth/session`, { headers: { Cookie: cookieHeader() } });
      sessions.push(((await response.json()) as { user?: { email?: string } } | null)?.user?.email);
    }
    expect(sessions).toEqual([demo.developerEmail, demo.developerEmail]);
  });
});
