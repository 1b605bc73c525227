// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "../support/in-process-server";
import { afterAll, describe, expect, it } from "vitest";
import { signRequest } from "@/lib/http/oauth/sign-request";
import { call, client, createLoggedInUser, demoApp, formFields, uniqueLogin, type ApiResponse, type Credentials } from "../support/api-client";
import { specialApps } from "../support/fixtures";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);

const problemOf = (res: { headers: Headers }) => /oauth_problem="([^"]+)"/.exec(res.headers.get("www-authenticate") ?? "")?.[1];

/** Sends GET /users with a hand-made Authorization header built from signRequest's params. */
async function sendWithParams(params: Record<string, string>) {
  const header =
    "OAuth " +
    Object.entries(params)
      .map(([k, v]) => `${k}="${encodeURIComponent(v)}"`)
      .join(", ");
  return fetch(`${baseUrl}/rest/1.0/users`, { headers: { Authorization: header } });
}

function signedParams(creds: Credentials = demoApp, overrides: Record<string, string> = {}) {
  return { ...signRequest({ method: "GET", url: `${baseUrl}/rest/1.0/users`, ...creds }).params, ...overrides };
}

describe("signature verification: the rejection matrix", () => {
  it("accepts a correctly signed two-legged request", async () => {
    expect((await app("GET", "/users?count=1")).status).toBe(200);
  });

  it.each(["oauth_signature_method", "oauth_signature", "oauth_timestamp", "oauth_nonce"])("refuses a request missing %s (400)", async (name) => {
    const params = signedParams();
    delete (params as Record<string, string>)[name];
    const res = await sendWithParams(params);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.oauthProblem).toBe("parameter_absent");
    expect(body.detail).toContain(name);
  });

  it("refuses a request missing oauth_consumer_key (400 parameter_absent)", async () => {
    const params = signedParams();
    delete (params as Record<string, string>).oauth_consumer_key;
    const res = await sendWithParams(params);
    expect(res.status).toBe(400);
    expect((await res.json()).oauthProblem).toBe("parameter_absent");
  });

  it("refuses a signature with one character changed (401 signature_invalid)", async () => {
    const params = signedParams();
    const sig = params.oauth_signature!;
    const changed = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    const res = await sendWithParams({ ...params, oauth_signature: changed });
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("signature_invalid");
    expect(res.headers.get("www-authenticate")).toContain(`realm="${baseUrl}/rest/1.0"`);
  });

  it("refuses a request signed with a consumer secret one character off", async () => {
    const res = await call(baseUrl, { ...demoApp, consumerSecret: demoApp.consumerSecret.slice(0, -1) + "x" }, "GET", "/users");
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("signature_invalid");
  });

  it("refuses a request signed with a token secret one character off", async () => {
    const { creds, guid } = await createLoggedInUser(baseUrl);
    const res = await call(baseUrl, { ...creds, tokenSecret: creds.tokenSecret!.slice(0, -1) + "x" }, "GET", `/users/${guid}`);
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("signature_invalid");
  });

  it("refuses an unknown consumer key the same way (401 consumer_key_unknown)", async () => {
    const res = await call(baseUrl, { consumerKey: "ck_nobody", consumerSecret: "whatever" }, "GET", "/users");
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("consumer_key_unknown");
  });

  it("refuses an unknown token (401 token_rejected)", async () => {
    const res = await call(baseUrl, { ...demoApp, token: "no-such-token", tokenSecret: "x" }, "GET", "/users");
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("token_rejected");
  });

  it("refuses a token issued to another application", async () => {
    const { creds } = await createLoggedInUser(baseUrl);
    const res = await call(
      baseUrl,
      {
        consumerKey: "ck_test_other_consumer_key",
        consumerSecret: "cs_test_other_consumer_secret_0123456789",
        token: creds.token,
        tokenSecret: creds.tokenSecret,
      },
      "GET",
      "/users",
    );
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("token_rejected");
  });

  it.each([
    ["seconds", () => Math.floor(Date.now() / 1000) - 3600],
    ["milliseconds", () => Date.now() + 3600_000],
  ])("refuses a timestamp outside the window in %s (401 timestamp_refused)", async (_unit, ts) => {
    const res = await app("GET", "/users", { sign: { timestamp: ts() } });
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("timestamp_refused");
    expect(res.headers.get("www-authenticate")).toMatch(/oauth_acceptable_timestamps="\d+-\d+"/);
  });

  it("builds the base string from PUBLIC_URL, never from X-Forwarded-* headers", async () => {
    const forwarded = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https", Host: "evil.example" };
    const asPublic = signRequest({ method: "GET", url: `${baseUrl}/rest/1.0/users?count=1`, ...demoApp });
    const ok = await fetch(`${baseUrl}/rest/1.0/users?count=1`, { headers: { Authorization: asPublic.authorization, ...forwarded } });
    expect(ok.status).toBe(200);
    const asForwarded = signRequest({ method: "GET", url: "https://evil.example/rest/1.0/users?count=1", ...demoApp });
    const refused = await fetch(`${baseUrl}/rest/1.0/users?count=1`, { headers: { Authorization: asForwarded.authorization, ...forwarded } });
    expect(refused.status).toBe(401);
    expect(problemOf(refused)).toBe("signature_invalid");
  });

  it("accepts a timestamp in milliseconds within the window (original SDKs)", async () => {
    expect((await app("GET", "/users?count=1", { sign: { timestamp: Date.now() } })).status).toBe(200);
  });

  it("refuses a duplicated oauth parameter (400)", async () => {
    const params = signedParams();
    const header =
      "OAuth " +
      Object.entries(params)
        .map(([k, v]) => `${k}="${encodeURIComponent(v)}"`)
        .join(", ") +
      `, oauth_nonce="again"`;
    const res = await fetch(`${baseUrl}/rest/1.0/users`, { headers: { Authorization: header } });
    expect(res.status).toBe(400);
    expect((await res.json()).oauthProblem).toBe("parameter_rejected");
  });

  it("refuses an oauth parameter sent in both the header and the query (400)", async () => {
    const url = `${baseUrl}/rest/1.0/users?oauth_nonce=abc`;
    const { authorization } = signRequest({ method: "GET", url, ...demoApp });
    const res = await fetch(url, { headers: { Authorization: authorization } });
    expect(res.status).toBe(400);
  });

  it("refuses PLAINTEXT and other signature methods (400 signature_method_rejected)", async () => {
    const res = await sendWithParams(signedParams(demoApp, { oauth_signature_method: "PLAINTEXT", oauth_signature: `${demoApp.consumerSecret}&` }));
    expect(res.status).toBe(400);
    expect((await res.json()).oauthProblem).toBe("signature_method_rejected");
  });

  it("refuses an oauth_version other than 1.0 (400)", async () => {
    const res = await app("GET", "/users", { sign: { extraOAuthParams: { oauth_version: "2.0" } } });
    expect(res.status).toBe(400);
    expect(res.body.oauthProblem).toBe("version_rejected");
  });

  it("refuses a replayed request (401 nonce_used)", async () => {
    const params = signedParams();
    expect((await sendWithParams(params)).status).toBe(200);
    const replay = await sendWithParams(params);
    expect(replay.status).toBe(401);
    expect(problemOf(replay)).toBe("nonce_used");
  });

  it("lets exactly one of 50 concurrent identical requests through", async () => {
    const params = signedParams();
    const statuses = await Promise.all(Array.from({ length: 50 }, () => sendWithParams(params).then((r) => r.status)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(49);
  });
});

describe("body signing", () => {
  const body = () => JSON.stringify({ login: uniqueLogin("body"), password: "password-1" });

  it("accepts a JSON body without a body hash, as RFC 5849 signs only form bodies", async () => {
    const url = `${baseUrl}/rest/1.0/users`;
    const { authorization } = signRequest({ method: "POST", url, ...demoApp });
    const res = await fetch(url, { method: "POST", headers: { Authorization: authorization, "Content-Type": "application/json" }, body: body() });
    expect(res.status).toBe(201);
  });

  it("refuses an unsigned JSON body when the application requires signed bodies (401 body_hash_missing)", async () => {
    const url = `${baseUrl}/rest/1.0/apps/other:${specialApps.signedBodies.name}`;
    const strict = { consumerKey: specialApps.signedBodies.consumerKey, consumerSecret: specialApps.signedBodies.consumerSecret };
    const { authorization } = signRequest({ method: "PUT", url, ...strict });
    const json = JSON.stringify({ allow2legged: true });
    const res = await fetch(url, { method: "PUT", headers: { Authorization: authorization, "Content-Type": "application/json" }, body: json });
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("body_hash_missing");
    expect((await call(baseUrl, strict, "PUT", `/apps/other:${specialApps.signedBodies.name}`, { json: { allow2legged: true } })).status).toBe(200);
  });

  it("refuses a body swapped after signing (401 body_hash_invalid) and creates nothing", async () => {
    const url = `${baseUrl}/rest/1.0/users`;
    const signedBody = body();
    const swapped = JSON.stringify({ login: uniqueLogin("swapped"), password: "password-1" });
    const { authorization } = signRequest({ method: "POST", url, ...demoApp, body: signedBody });
    const res = await fetch(url, { method: "POST", headers: { Authorization: authorization, "Content-Type": "application/json" }, body: swapped });
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("body_hash_invalid");
    const login = JSON.parse(swapped).login;
    expect((await app("GET", `/users?filterBy=login&filterValue=${login}`)).body.totalResults).toBe(0);
  });

  it("accepts the original SDKs' xoauth_body_signature", async () => {
    const res = await app("POST", "/users", { rawBody: body(), sign: { bodySigning: "xoauth_body_signature" } });
    expect(res.status).toBe(201);
  });

  it("refuses a wrong xoauth_body_signature", async () => {
    const url = `${baseUrl}/rest/1.0/users`;
    const { authorization } = signRequest({ method: "POST", url, ...demoApp, body: body(), bodySigning: "xoauth_body_signature" });
    const res = await fetch(url, { method: "POST", headers: { Authorization: authorization, "Content-Type": "application/json" }, body: body() });
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("body_hash_invalid");
  });
});

describe("xAuth login, logout and tokens", () => {
  it("logs a user in with parameters in the Authorization header; reply is form-encoded in order", async () => {
    const login = uniqueLogin("xauth");
    await app("POST", "/users", { json: { login, password: "password-1" } });
    const res = await app("POST", "/login", { sign: { extraOAuthParams: { x_auth_username: login, x_auth_password: "password-1" } } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(formFields(res.text).map(([k]) => k)).toEqual(["oauth_token", "oauth_token_secret", "user_guid"]);
  });

  it("logs a user in with a signed form body", async () => {
    const login = uniqueLogin("form");
    await app("POST", "/users", { json: { login, password: "password-1" } });
    const url = `${baseUrl}/rest/1.0/login`;
    const formBody = { x_auth_username: login, x_auth_password: "password-1" };
    const { authorization } = signRequest({ method: "POST", url, ...demoApp, formBody });
    const res = await fetch(url, {
      method: "POST",
      headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(formBody).toString(),
    });
    expect(res.status).toBe(200);
  });

  it("accepts the login as the API names the user, <domain>:<login>, but only with the application's own domain", async () => {
    const login = uniqueLogin("named");
    const created = await app("POST", "/users", { json: { login, password: "password-1" } });
    const loginAs = (username: string, password = "password-1") =>
      app("POST", "/login", { sign: { extraOAuthParams: { x_auth_username: username, x_auth_password: password } } });
    const named = await loginAs(`demo:${login}`);
    expect(named.status).toBe(200);
    expect(Object.fromEntries(formFields(named.text)).user_guid).toBe(created.body.entry.guid);
    expect((await loginAs(login)).status).toBe(200);
    expect((await loginAs(`DEMO:${login}`)).status).toBe(200);
    // Another domain's prefix, or a wrong password, is the same 401 as an unknown login.
    const other = await loginAs(`elsewhere:${login}`);
    const wrong = await loginAs(`demo:${login}`, "nope-nope");
    expect(other.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(other.body.oauthProblem).toBe("permission_denied");
  });

  it("answers a wrong password and an unknown login with the same 401", async () => {
    const login = uniqueLogin("wrong");
    await app("POST", "/users", { json: { login, password: "password-1" } });
    const wrong = await app("POST", "/login", { sign: { extraOAuthParams: { x_auth_username: login, x_auth_password: "nope-nope" } } });
    const unknown = await app("POST", "/login", {
      sign: { extraOAuthParams: { x_auth_username: uniqueLogin("ghost"), x_auth_password: "nope-nope" } },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (b: any) => ({ ...b, requestId: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));
    expect(wrong.headers.get("www-authenticate")).toBe(unknown.headers.get("www-authenticate"));
  });

  it("slows down repeated wrong passwords with 409 limit_exceeded and Retry-After, checking no password while waiting", async () => {
    const login = uniqueLogin("lock");
    await app("POST", "/users", { json: { login, password: "password-1" } });
    const statuses: number[] = [];
    let limited: ApiResponse | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await app("POST", "/login", { sign: { extraOAuthParams: { x_auth_username: login, x_auth_password: `bad-${i}` } } });
      statuses.push(res.status);
      if (res.status === 409) limited = res;
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(limited?.body).toMatchObject({ code: "limit_exceeded", retryAfter: expect.any(Number) });
    expect(Number(limited?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited?.body.detail).toMatch(/\d+ second/);
    const right = await app("POST", "/login", { sign: { extraOAuthParams: { x_auth_username: login, x_auth_password: "password-1" } } });
    expect(right.status).toBe(409);
  });

  it("refuses a login without credentials (400) and one signed with a token (400)", async () => {
    expect((await app("POST", "/login")).status).toBe(400);
    const { creds } = await createLoggedInUser(baseUrl);
    const res = await call(baseUrl, creds, "POST", "/login", { sign: { extraOAuthParams: { x_auth_username: "a", x_auth_password: "b" } } });
    expect(res.status).toBe(400);
  });

  it("issues read-only tokens that cannot write (403) but can read and log out", async () => {
    const login = uniqueLogin("ro");
    await app("POST", "/users", { json: { login, password: "password-1" } });
    const res = await app("POST", "/login", {
      sign: { extraOAuthParams: { x_auth_username: login, x_auth_password: "password-1", x_auth_scope: "read-only" } },
    });
    const f = Object.fromEntries(formFields(res.text));
    const creds = { ...demoApp, token: f.oauth_token, tokenSecret: f.oauth_token_secret };
    expect((await call(baseUrl, creds, "GET", `/users/${f.user_guid}`)).status).toBe(200);
    const write = await call(baseUrl, creds, "PUT", `/users/${f.user_guid}`, { json: { firstName: "X" } });
    expect(write.status).toBe(403);
    expect(write.body.detail).toMatch(/read-only/);
    expect((await call(baseUrl, creds, "POST", "/logout")).status).toBe(204);
  });

  it("logout revokes the token (then 401 token_revoked); two-legged logout is a 401", async () => {
    const { creds, guid } = await createLoggedInUser(baseUrl);
    expect((await call(baseUrl, creds, "POST", "/logout")).status).toBe(204);
    const after = await call(baseUrl, creds, "GET", `/users/${guid}`);
    expect(after.status).toBe(401);
    expect(problemOf(after)).toBe("token_revoked");
    const twoLegged = await app("POST", "/logout");
    expect(twoLegged.status).toBe(401);
    expect(problemOf(twoLegged)).toBe("parameter_absent");
  });

  it("lists a user's live sessions, paged and without secrets, and ends one", async () => {
    const { creds, guid } = await createLoggedInUser(baseUrl);
    const list = await call(baseUrl, creds, "GET", `/sessions/${guid}?count=10`);
    expect(list.body).toMatchObject({ startIndex: 0, itemsPerPage: 1, totalResults: 1 });
    expect(list.status).toBe(200);
    expect(list.body.entry).toHaveLength(1);
    expect(list.body.entry[0]).toMatchObject({ application: "demo:demo-app", scope: "read-write", createdWith: "xauth" });
    expect(list.text).not.toContain(creds.tokenSecret);
    expect(list.text).not.toContain(creds.token);
    const id = list.body.entry[0].id;
    expect((await app("DELETE", `/sessions/${guid}/${id}`)).status).toBe(204);
    expect((await call(baseUrl, creds, "GET", `/sessions/${guid}`)).status).toBe(401);
    expect((await app("DELETE", `/sessions/${guid}/${id}`)).status).toBe(404);
  });

  it("hides sessions of another domain's user (404)", async () => {
    const { guid } = await createLoggedInUser(baseUrl);
    const other = client(baseUrl, { consumerKey: "ck_test_other_consumer_key", consumerSecret: "cs_test_other_consumer_secret_0123456789" });
    expect((await other("GET", `/sessions/${guid}`)).status).toBe(404);
  });
});

describe("three-legged endpoints", () => {
  it("issues a request token in the original order and refuses a missing callback", async () => {
    const res = await app("POST", "/request_token", { sign: { extraOAuthParams: { oauth_callback: "http://127.0.0.1:9/cb" } } });
    expect(res.status).toBe(200);
    expect(formFields(res.text).map(([k]) => k)).toEqual(["oauth_token", "oauth_token_secret", "oauth_callback_confirmed"]);
    expect((await app("POST", "/request_token")).status).toBe(400);
    const bad = await app("POST", "/request_token", { sign: { extraOAuthParams: { oauth_callback: "javascript:alert(1)" } } });
    expect(bad.status).toBe(400);
    // Only under a registered callback URL prefix (the demo application registers loopback ones).
    const unregistered = await app("POST", "/request_token", { sign: { extraOAuthParams: { oauth_callback: "https://client.example/cb" } } });
    expect(unregistered.status).toBe(400);
    expect(unregistered.body.detail).toMatch(/callback URL prefixes registered/);
  });

  it("refuses to exchange a request token that was not approved", async () => {
    const rt = Object.fromEntries(formFields((await app("POST", "/request_token", { sign: { extraOAuthParams: { oauth_callback: "oob" } } })).text));
    const creds = { ...demoApp, token: rt.oauth_token, tokenSecret: rt.oauth_token_secret };
    const res = await call(baseUrl, creds, "POST", "/access_token", { sign: { extraOAuthParams: { oauth_verifier: "guess" } } });
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("verifier_invalid");
    const noVerifier = await call(baseUrl, creds, "POST", "/access_token");
    expect(noVerifier.status).toBe(400);
    expect(noVerifier.body.oauthProblem).toBe("parameter_absent");
    expect(noVerifier.body.detail).toMatch(/oauth_verifier is required: send the verifier/);
  });

  it("redirects the original authorization URL to the portal page", async () => {
    const res = await fetch(`${baseUrl}/rest/1.0/oauth/display_token.html?oauth_token=abc&oauth_callback=x`, { redirect: "manual" });
    expect([302, 307]).toContain(res.status);
    expect(res.headers.get("location")).toBe(`${baseUrl}/oauth/authorize?oauth_token=abc`);
  });
});

describe("application state", () => {
  it("refuses a suspended application's requests (403)", async () => {
    const res = await call(baseUrl, specialApps.suspended, "GET", "/users");
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/suspended/);
  });

  it("refuses two-legged requests when the application turned them off (401), but still checks logins", async () => {
    const res = await call(baseUrl, specialApps.noTwoLegged, "GET", "/users");
    expect(res.status).toBe(401);
    expect(problemOf(res)).toBe("permission_denied");
    const login = await call(baseUrl, specialApps.noTwoLegged, "POST", "/login", {
      sign: { extraOAuthParams: { x_auth_username: "x", x_auth_password: "y" } },
    });
    expect(login.status).toBe(401);
    expect(problemOf(login)).toBe("permission_denied");
  });
});
