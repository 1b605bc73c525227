import crypto from "node:crypto";
import OAuth from "oauth-1.0a";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/oauth/sign-request";
import { call, demoApp, uniqueLogin } from "../support/api-client";
import { startServer, type TestServer } from "../support/server";

// How the service behaves for a client that knows only RFC 5849 and the spec, on a server started
// without PUBLIC_URL (so it answers every host it is reached by), and when the database goes away.

let server: TestServer;
let origin127: string;

beforeAll(async () => {
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env: { PUBLIC_URL: "" } });
  origin127 = server.baseUrl.replace("localhost", "127.0.0.1");
}, 180_000);
afterAll(() => server?.stop());

/** A stock OAuth 1.0a client: signs the URL it calls, never the JSON body. */
function stockClient(key: string, secret: string) {
  const oauth = new OAuth({
    consumer: { key, secret },
    signature_method: "HMAC-SHA1",
    hash_function: (base, k) => crypto.createHmac("sha1", k).update(base).digest("base64"),
  });
  return async (method: string, url: string, json?: unknown) => {
    const headers = { ...oauth.toHeader(oauth.authorize({ url, method })), ...(json ? { "Content-Type": "application/json" } : {}) };
    return fetch(url, { method, headers, body: json ? JSON.stringify(json) : undefined });
  };
}

describe("a stock OAuth 1.0a library", () => {
  const send = stockClient(demoApp.consumerKey, demoApp.consumerSecret);

  it("signs the URL it calls: 127.0.0.1 and localhost both verify, and Location names the host called", async () => {
    for (const origin of [origin127, server.baseUrl]) {
      const res = await send("POST", `${origin}/rest/1.0/users`, { login: uniqueLogin("stock"), password: "password-123" });
      expect(res.status, await res.clone().text()).toBe(201);
      expect(res.headers.get("location")).toMatch(new RegExp(`^${origin}/rest/1.0/users/[0-9a-f-]{36}$`));
    }
  });

  it("reads with query parameters, and a signature made for another host is refused", async () => {
    expect((await send("GET", `${origin127}/rest/1.0/users?count=2&filterBy=login&filterOp=startsWith&filterValue=stock`)).status).toBe(200);
    const url = `${origin127}/rest/1.0/users`;
    const { authorization } = signRequest({ method: "GET", url: url.replace("127.0.0.1", "api.example.com"), ...demoApp });
    expect((await fetch(url, { headers: { Authorization: authorization } })).status).toBe(401);
  });

  it("signs HEAD as HEAD", async () => {
    const res = await send("HEAD", `${origin127}/rest/1.0/users?count=1`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

/** Every origin an answer names: in its headers (Location, WWW-Authenticate) and anywhere in its body. */
async function originsIn(res: Response): Promise<string[]> {
  const text = [...res.headers].map(([name, value]) => `${name}: ${value}`).join("\n") + (await res.text());
  return [...new Set([...text.matchAll(/https?:\/\/[a-z0-9.:[\]-]+/gi)].map((m) => m[0].toLowerCase()))];
}

describe("one origin per answer (PUBLIC_URL unset)", () => {
  const send = stockClient(demoApp.consumerKey, demoApp.consumerSecret);

  it("names only the host the request was sent to: Location, the 401 realm, a problem's type, a redirect", async () => {
    for (const origin of [origin127, server.baseUrl]) {
      const answers: Array<[string, Response]> = [
        ["201", await send("POST", `${origin}/rest/1.0/users`, { login: uniqueLogin("origin"), password: "password-123" })],
        ["401 unsigned", await fetch(`${origin}/rest/1.0/users`)],
        [
          "401 bad signature",
          await fetch(`${origin}/rest/1.0/users`, {
            headers: { Authorization: signRequest({ method: "GET", url: `${origin}/rest/1.0/users?x=1`, ...demoApp }).authorization },
          }),
        ],
        [
          "401 guest token",
          await fetch(`${origin}/rest/1.0/tokens/call`, {
            method: "POST",
            headers: { Authorization: "Bearer gt_unknown", "Content-Type": "application/json" },
            body: "{}",
          }),
        ],
        ["400", await send("GET", `${origin}/rest/1.0/users?colour=red`)],
        ["404", await send("GET", `${origin}/rest/1.0/no-such-thing`)],
        ["405 before Next.js", await fetch(`${origin}/rest/1.0/users`, { method: "PROPFIND" })],
        ["302", await fetch(`${origin}/rest/1.0/oauth/display_token.html?oauth_token=abc`, { redirect: "manual" })],
      ];
      for (const [what, res] of answers) {
        expect(await originsIn(res.clone()), `${what} at ${origin}`).toEqual([origin]);
      }
      const [, unsigned] = answers[1]!;
      expect(unsigned.headers.get("www-authenticate")).toContain(`realm="${origin}/rest/1.0"`);
      expect((await unsigned.json()).type).toBe(`${origin}/docs/api#error-unauthorized`);
    }
  });

  it("writes events with the configured base (http://localhost:<PORT> without PUBLIC_URL), whichever host the request used", async () => {
    const login = uniqueLogin("event-origin");
    const created = await send("POST", `${origin127}/rest/1.0/users`, { login, password: "password-123" });
    expect(created.status).toBe(201);
    const guid = (await created.json()).entry.guid as string;
    const phone = await send("POST", `${origin127}/rest/1.0/devices/${guid}`, { id: "@purpose/AUS" });
    expect(phone.status, await phone.clone().text()).toBe(201);
    const to = `tel:${((await phone.json()).entry.id as string).slice("service:".length)}`;
    const received = await send("POST", `${origin127}/rest/1.0/simulator/inbound-audio-message`, { from: "tel:+61255501234", to, seconds: 1 });
    expect(received.status).toBe(201);
    const message = (await received.clone().json()).entry;
    expect(await originsIn(received), "the answer").toEqual([origin127]);
    expect(message.mediaUri).toBe(message.mediaItems[0]);

    const events = await send("GET", `${origin127}/rest/1.0/apps/demo:demo-app/events?filterBy=type&filterValue=NewAudioMessage&count=100`);
    const event = ((await events.json()).entry as Array<{ payload: { params: { id: string } } }>).find((e) => e.payload.params.id === message.id);
    expect(event).toBeDefined();
    const configured = `http://localhost:${new URL(server.baseUrl).port}`;
    expect(await originsIn(new Response(JSON.stringify(event!.payload))), "the event").toEqual([configured]);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("when PostgreSQL refuses connections", () => {
  it("answers 503 with Retry-After on every route, the health route says why, and recovers", async () => {
    const databaseUrl = new URL(server.env.DATABASE_URL!);
    const database = databaseUrl.pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
      await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1", [database]);
      const health = await fetch(`${origin127}/rest/1.0/health`);
      expect(health.status).toBe(503);
      expect(health.headers.get("retry-after")).toBe("5");
      expect((await health.json()).health.database).toMatchObject({ reachable: false, error: "The database is not reachable." });
      for (const path of ["/users", "/domains/demo", "/apps"]) {
        const res = await call(origin127, demoApp, "GET", path);
        expect(res.status, path).toBe(503);
        expect(res.headers.get("retry-after"), path).toBe("5");
        expect(res.body.code, path).toBe("service_unavailable");
      }
    } finally {
      await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await expect.poll(async () => (await fetch(`${origin127}/rest/1.0/health`)).status, { timeout: 15_000 }).toBe(200);
    expect((await call(origin127, demoApp, "GET", "/users?count=1")).status).toBe(200);
  });
});
