import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { call, demoApp, uniqueLogin } from "../support/api-client";
import { startServer, type TestServer } from "../support/server";

// xAuth password guessing (docs/security.md): the guessing address waits longer and longer, the
// owner does not. This server believes one proxy hop, so tests can speak from several addresses.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { TRUSTED_PROXY_HOPS: "1", LOGIN_FREE_FAILURES: "3", LOGIN_MAX_DELAY_SECONDS: "2" } });
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

const login = (baseUrl: string, user: string, password: string, forwardedFor?: string) =>
  call(baseUrl, demoApp, "POST", "/login", {
    headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {},
    sign: { extraOAuthParams: { x_auth_username: user, x_auth_password: password } },
  });

async function createUser(baseUrl: string, user: string) {
  expect((await call(baseUrl, demoApp, "POST", "/users", { json: { login: user, password: "right-password-1" } })).status).toBe(201);
}

describe("xAuth login limits", () => {
  it("slows down an address guessing passwords with growing delays, while the owner logs in from another", async () => {
    const user = uniqueLogin("guessed");
    await createUser(server.baseUrl, user);
    const attacker = "203.0.113.7";
    const waits: number[] = [];
    for (let failures = 0; failures < 12;) {
      const res = await login(server.baseUrl, user, `guess-${failures}`, attacker);
      if (res.status === 401) {
        failures++;
        continue;
      }
      expect(res.status, res.text).toBe(409);
      expect(res.body.code).toBe("limit_exceeded");
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(res.body.retryAfter).toBe(retryAfter);
      expect(res.body.detail).toBe(
        `Too many failed attempts to sign in to this account. Wait ${retryAfter} second${retryAfter === 1 ? "" : "s"} and try again.`,
      );
      // Even the right password is not checked while the address waits.
      expect((await login(server.baseUrl, user, "right-password-1", attacker)).status).toBe(409);
      waits.push(retryAfter);
      // The owner, from another address, is not slowed down.
      expect((await login(server.baseUrl, user, "right-password-1", "198.51.100.2")).status).toBe(200);
      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
    }
    // 3 free failures, then 1 s, 2 s, then the 2 s cap this server is configured with.
    expect(waits.slice(0, 3)).toEqual([1, 2, 2]);
    expect(waits.length).toBeGreaterThanOrEqual(8);
    // After the named wait, the right password works from the guessing address too, and resets it.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await login(server.baseUrl, user, "right-password-1", attacker)).status).toBe(200);
    expect((await login(server.baseUrl, user, "guess-again", attacker)).status).toBe(401);
  }, 90_000);
});

describe("xAuth login limits, wrong passwords sent at once", () => {
  it("checks at most the free failures and one more of 60 wrong passwords sent at once (the suite's server: 5 free)", async () => {
    const baseUrl = inject("baseUrl");
    const user = uniqueLogin("burst");
    await createUser(baseUrl, user);
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => login(baseUrl, user, `guess-${i}`).then((r) => r.status)));
    const seconds = (performance.now() - started) / 1000;
    expect(statuses.filter((s) => s !== 401 && s !== 409)).toEqual([]);
    const checked = statuses.filter((s) => s === 401).length;
    // 5 free failures and the 6th, which starts the first wait (1 s); a burst slower than that may
    // meet the ends of the 1 s, 2 s, 4 s ... waits, each letting one more password be checked.
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(checked).toBeLessThanOrEqual(6 + Math.floor(Math.log2(seconds + 1)));
  }, 60_000);
});

describe("client address", () => {
  it("ignores an X-Forwarded-For the client made up when no proxy is trusted", async () => {
    const baseUrl = inject("baseUrl"); // the suite's server: TRUSTED_PROXY_HOPS unset
    const user = uniqueLogin("spoof");
    await createUser(baseUrl, user);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(baseUrl, user, `guess-${i}`, `192.0.2.${i}`)).status);
    // Five free failures, the sixth starts a delay: a new made-up address each time does not help.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 409]);
  });
});
