// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, client, createLoggedInUser, demoApp, otherApp, uniqueLogin } from "@/e2e/support/api-client";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);

describe("users: create", () => {
  it("creates a user two-legged: 201, Location, entry without secrets, default device", async () => {
    const login = uniqueLogin("alice");
    const res = await app("POST", "/users", { json: { login, password: "secret-pass-1", firstName: "Alice", lastName: "Smith" } });
    expect(res.status).toBe(201);
    const guid = res.body.entry.guid;
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/users/${guid}`);
    expect(res.body.entry).toMatchObject({
      login,
      domain: "demo",
      firstName: "Alice",
      lastName: "Smith",
      createdWith: "demo:demo-app",
      pwdStatus: "ok",
    });
    expect(res.text).not.toMatch(/secret-pass-1|passwordHash|scrypt/);

    const fetched = await app("GET", `/users/${guid}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.entry.guid).toBe(guid);
  });

  it("refuses bad input with a 400 naming each field, and creates nothing", async () => {
    const login = uniqueLogin("bad");
    const res = await app("POST", "/users", { json: { login, password: "short", role: "admin" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toContain("password");
    expect(res.body.detail).toContain("role");
    const list = await app("GET", `/users?filterBy=login&filterValue=${login}`);
    expect(list.body.totalResults).toBe(0);
  });

  it("refuses a missing login and a JSON body that is not an object", async () => {
    expect((await app("POST", "/users", { json: { password: "long-enough" } })).body.errors[0].field).toBe("login");
    expect((await app("POST", "/users", { json: ["x"] })).status).toBe(400);
  });

  it("answers 409 for a login that exists in the domain", async () => {
    const login = uniqueLogin("dup");
    expect((await app("POST", "/users", { json: { login, password: "password-1" } })).status).toBe(201);
    const again = await app("POST", "/users", { json: { login, password: "password-2" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("conflict");
  });

  it("lets another domain reuse the same login", async () => {
    const login = uniqueLogin("shared");
    expect((await app("POST", "/users", { json: { login, password: "password-1" } })).status).toBe(201);
    expect((await other("POST", "/users", { json: { login, password: "password-1" } })).status).toBe(201);
  });

  it("creates and logs in 30 users at the same moment without a 5xx (seen once in the soak on PGlite)", async () => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => createLoggedInUser(baseUrl)));
    const failures = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    expect(new Set(results.map((r) => (r.status === "fulfilled" ? r.value.guid : ""))).size).toBe(30);
  });

  it("refuses creating users with a user's token (403)", async () => {
    const { creds } = await createLoggedInUser(baseUrl);
    const res = await call(baseUrl, creds, "POST", "/users", { json: { login: uniqueLogin(), password: "password-1" } });
    expect(res.status).toBe(403);
  });
});

describe("users: collection envelope, paging and filters", () => {
  const prefix = uniqueLogin("page");
  beforeAll(async () => {
    for (const n of ["a", "b", "c"]) {
      const res = await app("POST", "/users", {
        json: { login: `${prefix}-${n}`, password: "password-1", lastName: n === "b" ? "Bravo" : undefined },
      });
      expect(res.status).toBe(201);
    }
  });

  it("answers an empty collection as an empty array", async () => {
    const res = await app("GET", "/users?filterBy=login&filterValue=nobody-has-this-login");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ startIndex: 0, totalResults: 0, entry: [] });
  });

  it("answers a one-item collection as an array of one", async () => {
    const res = await app("GET", `/users?filterBy=login&filterValue=${prefix}-a&filterOp=equals`);
    expect(Array.isArray(res.body.entry)).toBe(true);
    expect(res.body.entry).toHaveLength(1);
    expect(res.body.totalResults).toBe(1);
    expect(res.body).not.toHaveProperty("itemsPerPage");
  });

  it("sends itemsPerPage if and only if count was given, on every collection (spec, paging table)", async () => {
    const user = await createLoggedInUser(baseUrl);
    const collections = [
      "/users",
      "/domains",
      "/apps",
      `/devices/${user.guid}`,
      `/calls/${user.guid}`,
      `/messages/${user.guid}`,
      `/tokens/${user.guid}`,
      `/sessions/${user.guid}`,
    ];
    for (const path of collections) {
      const without = await app("GET", path);
      expect(without.status, `${path}: ${without.text}`).toBe(200);
      expect(without.body, path).not.toHaveProperty("itemsPerPage");
      expect(without.body, path).toMatchObject({ startIndex: 0, totalResults: expect.any(Number), entry: expect.any(Array) });
      const paged = await app("GET", `${path}?startIndex=0&count=1`);
      expect(paged.body, path).toMatchObject({ startIndex: 0, itemsPerPage: paged.body.entry.length });
      expect(paged.body.entry.length, path).toBeLessThanOrEqual(1);
      expect((await app("GET", `${path}?count=0`)).body, path).toMatchObject({ itemsPerPage: 0, entry: [] });
      expect((await app("GET", `${path}?startIndex=1`)).body, path).not.toHaveProperty("itemsPerPage");
    }
    // The original clients' maxResults is their count.
    const search = await app("GET", "/devices/@purpose?maxResults=2&filterBy=location&filterValue=AUS");
    expect(search.body).toMatchObject({ itemsPerPage: 2 });
    expect((await app("GET", "/devices/@purpose?filterBy=location&filterValue=AUS")).body).not.toHaveProperty("itemsPerPage");
  });

  it("pages with startIndex and count", async () => {
    const first = await app("GET", `/users?filterBy=login&filterOp=startsWith&filterValue=${prefix}&count=2`);
    expect(first.body).toMatchObject({ startIndex: 0, itemsPerPage: 2, totalResults: 3 });
    expect(first.body.entry.map((u: { login: string }) => u.login)).toEqual([`${prefix}-a`, `${prefix}-b`]);
    const second = await app("GET", `/users?filterBy=login&filterOp=startsWith&filterValue=${prefix}&startIndex=2&count=2`);
    expect(second.body).toMatchObject({ startIndex: 2, itemsPerPage: 1, totalResults: 3 });
    expect(second.body.entry[0].login).toBe(`${prefix}-c`);
  });

  it("caps count at 100 and shows the lower itemsPerPage", async () => {
    const many = uniqueLogin("many");
    for (let batch = 0; batch < 101; batch += 10) {
      const logins = Array.from({ length: Math.min(10, 101 - batch) }, (_, i) => `${many}-${batch + i}`);
      const created = await Promise.all(logins.map((login) => app("POST", "/users", { json: { login, password: "password-1" } })));
      expect(created.map((r) => r.status)).toEqual(logins.map(() => 201));
    }
    const res = await app("GET", `/users?filterBy=login&filterOp=startsWith&filterValue=${many}&count=1000`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ startIndex: 0, itemsPerPage: 100, totalResults: 101 });
    expect(res.body.entry).toHaveLength(100);
  }, 60_000);

  it("filters with contains (ignoring case), present and equals", async () => {
    const contains = await app("GET", `/users?filterBy=login&filterOp=contains&filterValue=${prefix.toUpperCase().slice(5)}`);
    expect(contains.body.totalResults).toBe(3);
    const present = await app("GET", `/users?filterBy=lastName&filterOp=present&count=100`);
    expect(present.body.entry.every((u: { lastName?: string }) => u.lastName !== undefined)).toBe(true);
    expect(present.body.entry.some((u: { login: string }) => u.login === `${prefix}-b`)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const created = await app("GET", `/users?filterBy=createdOn&filterOp=startsWith&filterValue=${today}&count=1`);
    expect(created.body.totalResults).toBeGreaterThanOrEqual(3);
  });

  it("filters by domain.name, createdBy and lastUsed like the other properties, and shows createdBy and lastUsed", async () => {
    const owner = (await app("GET", "/domains/demo")).body.entry.owner as string;
    const signedIn = await createLoggedInUser(baseUrl); // xAuth login: lastUsed is set
    const today = new Date().toISOString().slice(0, 10);
    const logins = async (query: string) => {
      const res = await app("GET", `/users?${query}&count=100`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      return (res.body.entry as Array<{ login: string }>).map((u) => u.login).sort();
    };
    const mine = [`${prefix}-a`, `${prefix}-b`, `${prefix}-c`];

    expect(await logins(`filterBy=domain.name,login&filterOp=all&filterValue=demo,${prefix}*`)).toEqual(mine);
    expect(await logins(`filterBy=domain.name,login&filterOp=all&filterValue=DE*,${prefix}*`)).toEqual(mine);
    expect(await logins(`filterBy=domain.name,login&filterOp=all&filterValue=other,${prefix}*`)).toEqual([]);
    const byDomain = await app("GET", "/users?filterBy=domain.name&filterOp=startsWith&filterValue=dem&count=1");
    expect(byDomain.status, byDomain.text).toBe(200);
    expect(byDomain.body.totalResults).toBeGreaterThanOrEqual(3);
    expect((await app("GET", "/users?filterBy=domain.name&filterOp=contains&filterValue=xyz-none")).body.totalResults).toBe(0);
    // Another domain's application filtering on this domain's name finds nothing of it.
    expect((await other("GET", "/users?filterBy=domain.name&filterValue=demo")).body.totalResults).toBe(0);

    expect(await logins(`filterBy=createdBy,login&filterOp=all&filterValue=${owner},${prefix}*`)).toEqual(mine);
    expect(await logins(`filterBy=createdBy,login&filterOp=all&filterValue=${crypto.randomUUID()},${prefix}*`)).toEqual([]);
    const byCreator = await app("GET", `/users?filterBy=createdBy&filterValue=${owner}&count=1`);
    expect(byCreator.body.entry[0]).toMatchObject({ createdBy: owner });
    expect((await app("GET", "/users?filterBy=createdBy&filterOp=contains&filterValue=1")).body.parameter).toBe("filterOp");

    expect(await logins(`filterBy=login,lastUsed&filterOp=all&filterValue=${signedIn.login},${today}*`)).toEqual([signedIn.login]);
    expect(await logins(`filterBy=login,lastUsed&filterOp=all&filterValue=${prefix}*,${today}*`)).toEqual([]);
    const used = await app("GET", `/users?filterBy=lastUsed&filterOp=startsWith&filterValue=${today}&count=100`);
    expect(used.status, used.text).toBe(200);
    expect(used.body.entry.every((u: { lastUsed?: string }) => u.lastUsed?.startsWith(today))).toBe(true);
    const present = await app("GET", "/users?filterBy=lastUsed&filterOp=present&count=100");
    expect(present.body.entry.every((u: { lastUsed?: string }) => u.lastUsed !== undefined)).toBe(true);
    expect(present.body.totalResults).toBeGreaterThanOrEqual(1);
    expect((await app("GET", `/users/${signedIn.guid}`)).body.entry).toMatchObject({
      createdBy: owner,
      lastUsed: expect.stringMatching(new RegExp(`^${today}`)),
    });
    const never = (await app("GET", `/users?filterBy=login&filterValue=${prefix}-a`)).body.entry[0];
    expect(never).toMatchObject({ createdBy: owner });
    expect(never).not.toHaveProperty("lastUsed");
  });

  it.each([
    ["filterBy=lastUsed&filterOp=contains&filterValue=2026", "filterOp"],
    ["filterBy=createdBy&filterValue=not-a-guid", "filterValue"],
    ["filterBy=password&filterValue=x", "filterBy"],
    ["filterBy=login&filterOp=regex&filterValue=x", "filterOp"],
    ["filterBy=login&filterOp=contains", "filterValue"],
    ["filterBy=createdOn&filterOp=contains&filterValue=2026", "filterOp"],
    ["filterBy=guid&filterValue=not-a-guid", "filterValue"],
    ["startIndex=-1", "startIndex"],
    ["count=abc", "count"],
    ["count=1.5", "count"],
    ["filterValue=x", "filterBy"],
  ])("refuses %s with a 400 naming %s", async (query, parameter) => {
    const res = await app("GET", `/users?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_parameter", parameter });
  });
});

describe("users: read, update, delete and who may do it", () => {
  it("lets a user read and change itself but not others (404)", async () => {
    const a = await createLoggedInUser(baseUrl);
    const b = await createLoggedInUser(baseUrl);
    const self = await call(baseUrl, a.creds, "GET", `/users/${a.guid}`);
    expect(self.status).toBe(200);
    expect((await call(baseUrl, a.creds, "GET", `/users/${b.guid}`)).status).toBe(404);
    const list = await call(baseUrl, a.creds, "GET", "/users");
    expect(list.body.entry.map((u: { guid: string }) => u.guid)).toEqual([a.guid]);
    const put = await call(baseUrl, a.creds, "PUT", `/users/${a.guid}`, { json: { firstName: "Renamed", locale: "en-GB" } });
    expect(put.status).toBe(200);
    expect(put.body.entry).toMatchObject({ firstName: "Renamed", locale: "en-GB" });
    expect((await call(baseUrl, a.creds, "PUT", `/users/${b.guid}`, { json: { firstName: "X" } })).status).toBe(404);
  });

  it("refuses read-only or unknown fields in PUT, naming them, and changes nothing", async () => {
    const a = await createLoggedInUser(baseUrl);
    const res = await app("PUT", `/users/${a.guid}`, { json: { login: "hijack", domain: "other", firstName: "Y" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/login/);
    expect(res.body.detail).toMatch(/domain/);
    expect((await app("GET", `/users/${a.guid}`)).body.entry).toMatchObject({ login: a.login, firstName: "Test" });
    expect((await app("PUT", `/users/${a.guid}`, { json: {} })).status).toBe(400);
    expect((await app("PUT", `/users/${a.guid}`, { json: { pwdStatus: "expired" } })).status).toBe(400);
  });

  it("accepts its own GET representation in PUT: unchanged read-only fields are ignored", async () => {
    const a = await createLoggedInUser(baseUrl);
    const entry = (await app("GET", `/users/${a.guid}`)).body.entry;
    const res = await app("PUT", `/users/${a.guid}`, { json: { ...entry, firstName: "Changed" } });
    expect(res.status).toBe(200);
    expect(res.body.entry).toEqual({ ...entry, firstName: "Changed" });
    const changedReadOnly = await app("PUT", `/users/${a.guid}`, { json: { ...entry, createdOn: "2001-01-01T00:00:00.000Z" } });
    expect(changedReadOnly.status).toBe(400);
    expect(changedReadOnly.body.errors).toEqual([{ field: "createdOn", message: "is read-only" }]);
  });

  it("accepts domain in POST when it is the application's own, 404 otherwise", async () => {
    const own = await app("POST", "/users", { json: { login: uniqueLogin(), password: "password-1", domain: "demo" } });
    expect(own.status).toBe(201);
    expect(own.body.entry.domain).toBe("demo");
    const login = uniqueLogin();
    const foreign = await app("POST", "/users", { json: { login, password: "password-1", domain: "other" } });
    expect(foreign.status).toBe(404);
    expect((await app("GET", `/users?filterBy=login&filterValue=${login}`)).body.totalResults).toBe(0);
  });

  it("changes the password and marks a reset", async () => {
    const a = await createLoggedInUser(baseUrl);
    expect((await app("PUT", `/users/${a.guid}`, { json: { pwdStatus: "reset" } })).body.entry.pwdStatus).toBe("reset");
    const res = await app("PUT", `/users/${a.guid}`, { json: { password: "a-new-password" } });
    expect(res.body.entry.pwdStatus).toBe("ok");
    const login = await app("POST", "/login", { sign: { extraOAuthParams: { x_auth_username: a.login, x_auth_password: "a-new-password" } } });
    expect(login.status).toBe(200);
  });

  it("deletes a user (204); its tokens die with it; then 404", async () => {
    const a = await createLoggedInUser(baseUrl);
    expect((await app("DELETE", `/users/${a.guid}`)).status).toBe(204);
    expect((await app("GET", `/users/${a.guid}`)).status).toBe(404);
    const withToken = await call(baseUrl, a.creds, "GET", `/users/${a.guid}`);
    expect(withToken.status).toBe(401);
    expect(withToken.headers.get("www-authenticate")).toContain('oauth_problem="token_rejected"');
  });

  it("hides another domain's users behind 404 for every method", async () => {
    const a = await createLoggedInUser(baseUrl);
    expect((await other("GET", `/users/${a.guid}`)).status).toBe(404);
    expect((await other("PUT", `/users/${a.guid}`, { json: { firstName: "X" } })).status).toBe(404);
    expect((await other("DELETE", `/users/${a.guid}`)).status).toBe(404);
    const list = await other("GET", `/users?filterBy=guid&filterValue=${a.guid}`);
    expect(list.body.totalResults).toBe(0);
    expect((await app("GET", `/users/${a.guid}`)).body.entry.firstName).toBe("Test");
  });

  it("answers 404 for a malformed or unknown guid", async () => {
    expect((await app("GET", "/users/not-a-guid")).status).toBe(404);
    expect((await app("GET", "/users/00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("answers 405 with Allow on both user routes", async () => {
    const collection = await app("PATCH", "/users", { json: {} });
    expect(collection.status).toBe(405);
    expect(collection.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
    const item = await app("POST", `/users/${crypto.randomUUID()}`, { json: {} });
    expect(item.status).toBe(405);
    expect(item.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, OPTIONS");
  });

  it("requires a signature", async () => {
    expect((await call(baseUrl, demoApp, "GET", "/users", { unsigned: true })).status).toBe(401);
  });
});
