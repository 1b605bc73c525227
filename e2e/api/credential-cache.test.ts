import { afterAll, describe, expect, it } from "vitest";
import { CREDENTIAL_CACHE_TTL_MS } from "@/lib/http/oauth/credential-cache";
import { call, client, createLoggedInUser } from "../support/api-client";
import { specialApps } from "../support/fixtures";
import { startTwoInstances, type TwoInstances } from "../support/server";

// Signed requests read the application and the access token from a short-lived cache. A change made
// through one instance applies there at once and on another instance within the cache's window.
const postgresUrl = process.env.TEST_DATABASE_URL;
let instances: TwoInstances | undefined;

afterAll(async () => {
  await instances?.stop();
}, 120_000);

async function refusedWithin(request: () => Promise<{ status: number }>, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs + 1000) {
    if ((await request()).status === 401) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`still accepted after ${limitMs + 1000} ms`);
}

describe.runIf(postgresUrl)("the credential cache across two instances", () => {
  it("applies a revocation at once where it was made and within the window on the other instance", async () => {
    instances = await startTwoInstances(postgresUrl!);
    const { first, secondUrl } = instances;

    const app = { consumerKey: specialApps.events.consumerKey, consumerSecret: specialApps.events.consumerSecret };
    const user = await createLoggedInUser(first.baseUrl, app);
    // Both instances have the token cached now.
    expect((await call(first.baseUrl, user.creds, "GET", `/users/${user.guid}`)).status).toBe(200);
    expect((await call(secondUrl, user.creds, "GET", `/users/${user.guid}`)).status).toBe(200);

    const session = (await call(first.baseUrl, user.creds, "GET", `/sessions/${user.guid}`)).body.entry[0].id;
    expect((await client(first.baseUrl, app)("DELETE", `/sessions/${user.guid}/${session}`)).status).toBe(204);
    expect((await call(first.baseUrl, user.creds, "GET", `/users/${user.guid}`)).status).toBe(401);
    const lag = await refusedWithin(() => call(secondUrl, user.creds, "GET", `/users/${user.guid}`), CREDENTIAL_CACHE_TTL_MS);
    expect(lag).toBeLessThanOrEqual(CREDENTIAL_CACHE_TTL_MS + 200);
  }, 240_000);
});
