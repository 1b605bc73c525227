// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { client, createLoggedInUser, otherApp, uniqueLogin } from "@/e2e/support/api-client";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);

/** A logged-in user of the demo domain with its default device (sip:<login>@demo) and a client signed with its token. */
async function newUser() {
  const user = await createLoggedInUser(baseUrl, undefined, uniqueLogin("guest-host"));
  return { ...user, device: `sip:${user.login}@demo`, api: client(baseUrl, user.creds) };
}

const hour = 60 * 60 * 1000;

describe("tokens: create", () => {
  it("creates a token for the user's own device with its token: 201, Location, the secret once, its hash never", async () => {
    const user = await newUser();
    const res = await user.api("POST", "/tokens", {
      json: { type: "uphone", callee: user.device, caller: "Visitor", description: "Pricing page", maxConcurrent: 3 },
    });
    expect(res.status, res.text).toBe(201);
    const entry = res.body.entry;
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/tokens/${user.guid}/${entry.id}`);
    expect(entry).toMatchObject({
      type: "uphone",
      guid: user.guid,
      callee: user.device,
      caller: "Visitor",
      description: "Pricing page",
      maxConcurrent: 3,
      status: "active",
      activeCalls: 0,
      createdWith: "demo:demo-app",
    });
    expect(entry.token).toMatch(/^gt_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(entry.endDate) - Date.parse(entry.startDate)).toBe(30 * 24 * hour);

    const fetched = await user.api("GET", `/tokens/${user.guid}/${entry.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.entry.token).toBeUndefined();
    expect(fetched.text).not.toContain(entry.token);
    expect(JSON.stringify(fetched.body.entry)).not.toMatch(/hash/i);
    expect(fetched.body.entry).toMatchObject({ id: entry.id, callee: user.device, status: "active" });
  });

  it("two-legged, the callee names the user: the domain user holding that address", async () => {
    const user = await newUser();
    const res = await app("POST", "/tokens", { json: { type: "uphone", callee: user.device.replace("sip:", "SIP:") } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.entry).toMatchObject({ guid: user.guid, callee: user.device, maxConcurrent: 1 });
    expect(res.headers.get("location")).toContain(`/tokens/${user.guid}/`);
  });

  it("refuses a callee that is not the user's device, or no one's in the domain, with a 400 naming callee; nothing is created", async () => {
    const [user, someone] = [await newUser(), await newUser()];
    const notMine = await user.api("POST", "/tokens", { json: { type: "uphone", callee: someone.device } });
    expect(notMine.status).toBe(400);
    expect(notMine.body.errors).toEqual([{ field: "callee", message: `${someone.device} is not one of your devices` }]);
    const nobody = await app("POST", "/tokens", { json: { type: "uphone", callee: "tel:+44 20 7946 0999" } });
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors[0]).toMatchObject({ field: "callee", message: "tel:442079460999 is no user's device in domain demo" });
    const foreign = await other("POST", "/tokens", { json: { type: "uphone", callee: user.device } });
    expect(foreign.status).toBe(400);
    expect((await app("GET", `/tokens/${user.guid}`)).body.totalResults).toBe(0);
    expect((await app("GET", `/tokens/${someone.guid}`)).body.totalResults).toBe(0);
  });

  it("validates every field with a 400 that names it", async () => {
    const user = await newUser();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ callee: user.device }, "type"],
      [{ type: "phone", callee: user.device }, "type"],
      [{ type: "uphone" }, "callee"],
      [{ type: "uphone", callee: "fax:123" }, "callee"],
      [{ type: "uphone", callee: user.device, maxConcurrent: 0 }, "maxConcurrent"],
      [{ type: "uphone", callee: user.device, maxConcurrent: 1.5 }, "maxConcurrent"],
      [{ type: "uphone", callee: user.device, maxConcurrent: 101 }, "maxConcurrent"],
      [{ type: "uphone", callee: user.device, startDate: "tomorrow" }, "startDate"],
      [{ type: "uphone", callee: user.device, startDate: "2030-01-02T00:00:00Z", endDate: "2030-01-01T00:00:00Z" }, "endDate"],
      [{ type: "uphone", callee: user.device, endDate: new Date(Date.now() - hour).toISOString() }, "endDate"],
      [{ type: "uphone", callee: user.device, description: "x".repeat(501) }, "description"],
      [{ type: "uphone", callee: user.device, secret: "mine" }, "(body)"],
    ];
    for (const [json, field] of cases) {
      const res = await user.api("POST", "/tokens", { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        JSON.stringify(json),
      ).toContain(field);
    }
    expect((await user.api("GET", `/tokens/${user.guid}`)).body.totalResults).toBe(0);
  });

  it("refuses unsigned requests, wrong secrets and read-only tokens", async () => {
    const user = await newUser();
    const unsigned = await app("POST", "/tokens", { json: { type: "uphone", callee: user.device }, unsigned: true });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get("www-authenticate")).toMatch(/^OAuth realm=/);
    const wrong = await client(baseUrl, { ...user.creds, tokenSecret: "wrong" })("POST", "/tokens", {
      json: { type: "uphone", callee: user.device },
    });
    expect(wrong.status).toBe(401);
    expect((await app("GET", `/tokens/${user.guid}`)).body.totalResults).toBe(0);
  });
});

describe("tokens: list, get, revoke", () => {
  it("lists newest first, pages, and filters by callee, description and revokedOn", async () => {
    const user = await newUser();
    const phone = `tel:4420${String(Date.now()).slice(-8)}`;
    expect((await app("POST", `/devices/${user.guid}`, { json: { id: phone } })).status).toBe(201);
    const ids: string[] = [];
    for (const [callee, description] of [
      [user.device, "first"],
      [phone, "second"],
      [user.device, "third"],
    ]) {
      const res = await user.api("POST", "/tokens", { json: { type: "uphone", callee, description } });
      ids.push(res.body.entry.id);
    }
    const all = await user.api("GET", `/tokens/${user.guid}`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ startIndex: 0, totalResults: 3 });
    expect(all.body.entry.map((t: { id: string }) => t.id)).toEqual([...ids].reverse());
    expect(all.text).not.toContain("gt_");

    const page = await user.api("GET", `/tokens/${user.guid}?startIndex=1&count=1`);
    expect(page.body).toMatchObject({ startIndex: 1, itemsPerPage: 1, totalResults: 3 });
    expect(page.body.entry[0].id).toBe(ids[1]);
    const phones = await user.api("GET", `/tokens/${user.guid}?filterBy=callee&filterOp=startsWith&filterValue=tel:`);
    expect(phones.body.entry.map((t: { id: string }) => t.id)).toEqual([ids[1]]);
    const third = await app("GET", `/tokens/${user.guid}?filterBy=description&filterValue=third`);
    expect(third.body.entry.map((t: { id: string }) => t.id)).toEqual([ids[2]]);

    expect((await user.api("DELETE", `/tokens/${user.guid}/${ids[0]}`)).status).toBe(204);
    const revoked = await user.api("GET", `/tokens/${user.guid}?filterBy=revokedOn&filterOp=present`);
    expect(revoked.body.entry.map((t: { id: string }) => t.id)).toEqual([ids[0]]);
  });

  it("revokes with DELETE: 204, the row stays readable with status revoked, revoking again changes nothing", async () => {
    const user = await newUser();
    const created = await user.api("POST", "/tokens", { json: { type: "uphone", callee: user.device } });
    const path = `/tokens/${user.guid}/${created.body.entry.id}`;
    const revoked = await app("DELETE", path);
    expect(revoked.status, revoked.text).toBe(204);
    expect(revoked.text).toBe("");
    const fetched = await user.api("GET", path);
    expect(fetched.body.entry).toMatchObject({ id: created.body.entry.id, status: "revoked", revokedOn: expect.any(String) });
    expect(fetched.body.entry.token).toBeUndefined();
    const again = await user.api("DELETE", path);
    expect(again.status).toBe(204);
    expect((await user.api("GET", path)).body.entry).toMatchObject({ status: "revoked", revokedOn: fetched.body.entry.revokedOn });
  });

  it("shows pending before the window and expired after it", async () => {
    const user = await newUser();
    const later = new Date(Date.now() + 2 * hour).toISOString();
    const pending = await user.api("POST", "/tokens", { json: { type: "uphone", callee: user.device, startDate: later } });
    expect(pending.body.entry).toMatchObject({ status: "pending", startDate: later });
    const past = await user.api("POST", "/tokens", {
      json: {
        type: "uphone",
        callee: user.device,
        startDate: new Date(Date.now() - 2 * hour).toISOString(),
        endDate: new Date(Date.now() - hour).toISOString(),
      },
    });
    expect(past.status, past.text).toBe(201);
    expect(past.body.entry.status).toBe("expired");
  });

  it("answers 404 for another user's token seen by a user, another domain's, and ids that name nothing", async () => {
    const [user, someone] = [await newUser(), await newUser()];
    const theirs = (await someone.api("POST", "/tokens", { json: { type: "uphone", callee: someone.device } })).body.entry.id;
    expect((await user.api("GET", `/tokens/${someone.guid}/${theirs}`)).status).toBe(404);
    expect((await user.api("GET", `/tokens/${someone.guid}`)).status).toBe(404);
    expect((await user.api("DELETE", `/tokens/${someone.guid}/${theirs}`)).status).toBe(404);
    expect((await user.api("GET", `/tokens/${user.guid}/${theirs}`)).status).toBe(404);
    expect((await other("GET", `/tokens/${someone.guid}/${theirs}`)).status).toBe(404);
    expect((await other("DELETE", `/tokens/${someone.guid}/${theirs}`)).status).toBe(404);
    expect((await app("GET", `/tokens/${someone.guid}/${randomUUID()}`)).status).toBe(404);
    expect((await app("GET", `/tokens/${someone.guid}/not-a-guid`)).status).toBe(404);
    expect((await someone.api("GET", `/tokens/${someone.guid}/${theirs}`)).body.entry.status).toBe("active");
  });

  it("answers 405 with Allow for methods a path lacks", async () => {
    const user = await newUser();
    const put = await app("PUT", `/tokens/${user.guid}/${randomUUID()}`, { json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, HEAD, DELETE, OPTIONS");
    const get = await app("GET", "/tokens");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

/** A request of the anonymous visitor: no OAuth, the token's secret as a Bearer credential. */
function guest(method: string, path: string, secret?: string, json: unknown = method === "POST" ? {} : undefined) {
  return app(method, path, { json, unsigned: true, headers: secret ? { Authorization: `Bearer ${secret}` } : {} });
}

/** A user with a token (maxConcurrent and window as given) for its default device, which answers after a short ring. */
async function userWithToken(fields: Record<string, unknown> = {}) {
  const user = await newUser();
  const res = await user.api("POST", "/tokens", { json: { type: "uphone", callee: user.device, ...fields } });
  expect(res.status, res.text).toBe(201);
  return { user, token: res.body.entry as { id: string; token: string }, path: `/tokens/${user.guid}/${res.body.entry.id}` };
}

describe("tokens: guest calls", () => {
  it("places a call to the callee that the user's history shows with the guest as caller; the guest follows it and hangs up", async () => {
    const { user, token, path } = await userWithToken({ caller: "Website visitor" });
    const placed = await guest("POST", "/tokens/call", token.token, { caller: "Ada (pricing page)" });
    expect(placed.status, placed.text).toBe(201);
    const id = placed.body.entry.id;
    expect(placed.headers.get("location")).toBe(`${baseUrl}/rest/1.0/tokens/call/${id}`);
    expect(placed.body.entry).toMatchObject({
      caller: "Ada (pricing page)",
      callee: user.device,
      status: "CONNECTED",
      calleeStatus: "ANSWERED",
      active: true,
    });
    expect(placed.text).not.toContain(user.guid);

    const history = await user.api("GET", `/calls/${user.guid}`);
    expect(history.body.totalResults).toBe(1);
    expect(history.body.entry[0]).toMatchObject({ callerId: "Ada (pricing page)", status: "CONNECTED", application: "demo:demo-app" });
    expect(history.body.entry[0].legs.map((l: { address: string }) => l.address)).toEqual(["sip:guest@guest.invalid", user.device]);
    expect((await user.api("GET", path)).body.entry).toMatchObject({ activeCalls: 1, status: "active" });
    expect((await user.api("GET", path)).body.entry.lastUsed).toBeDefined();

    const followed = await guest("GET", `/tokens/call/${id}`);
    expect(followed.status).toBe(200);
    expect(followed.body.entry).toMatchObject({ id, status: "CONNECTED", active: true });
    const hungUp = await guest("DELETE", `/tokens/call/${id}`);
    expect(hungUp.status, hungUp.text).toBe(200);
    expect(hungUp.body.entry).toMatchObject({ id, active: false, status: "COMPLETED" });
    expect(hungUp.body.entry.endTime).toBeDefined();
    expect((await user.api("GET", `/calls/${user.guid}/${history.body.entry[0].id}`)).body.entry).toMatchObject({
      active: false,
      status: "COMPLETED",
    });
    expect((await user.api("GET", path)).body.entry.activeCalls).toBe(0);
    expect((await guest("DELETE", `/tokens/call/${id}`)).body.entry.status).toBe("COMPLETED");

    // Without a name from the visitor, the token's caller names the guest.
    const unnamed = await guest("POST", "/tokens/call", token.token);
    expect(unnamed.body.entry.caller).toBe("Website visitor");
    await guest("DELETE", `/tokens/call/${unnamed.body.entry.id}`);
  });

  it("refuses a missing, unknown, revoked, not yet valid or expired token with 401 guest_token_refused and places no call", async () => {
    const { user, token, path } = await userWithToken();
    const missing = await guest("POST", "/tokens/call");
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe("guest_token_refused");
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer realm="[^"]+", error="invalid_request"$/);
    const oauth = await app("POST", "/tokens/call", { json: {} });
    expect(oauth.status).toBe(401);
    const unknown = await guest("POST", "/tokens/call", `gt_${"A".repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    expect(unknown.body.detail).toMatch(/not known/);

    const later = new Date(Date.now() + hour);
    const pending = await user.api("POST", "/tokens", { json: { type: "uphone", callee: user.device, startDate: later.toISOString() } });
    const early = await guest("POST", "/tokens/call", pending.body.entry.token);
    expect(early.status).toBe(401);
    expect(early.body.detail).toContain(`valid from ${later.toISOString()}`);
    const past = await user.api("POST", "/tokens", {
      json: {
        type: "uphone",
        callee: user.device,
        startDate: new Date(Date.now() - 2 * hour).toISOString(),
        endDate: new Date(Date.now() - hour).toISOString(),
      },
    });
    const expired = await guest("POST", "/tokens/call", past.body.entry.token);
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toMatch(/expired at/);

    expect((await user.api("DELETE", path)).status).toBe(204);
    const revoked = await guest("POST", "/tokens/call", token.token);
    expect(revoked.status).toBe(401);
    expect(revoked.body.detail).toMatch(/revoked/);
    expect((await user.api("GET", `/calls/${user.guid}`)).body.totalResults).toBe(0);
  });

  it(
    "allows exactly maxConcurrent calls out of 10 concurrent attempts (409 " +
      "guest_calls_exhausted for the rest), and a slot frees when a call ends",
    async () => {
      const { user, token, path } = await userWithToken({ maxConcurrent: 2 });
      const attempts = await Promise.all(Array.from({ length: 10 }, (_, i) => guest("POST", "/tokens/call", token.token, { caller: `Guest ${i}` })));
      const statuses = attempts.map((r) => r.status).sort();
      expect(statuses, attempts.map((r) => r.text).join("\n")).toEqual([201, 201, ...Array(8).fill(409)]);
      for (const refused of attempts.filter((r) => r.status === 409)) {
        expect(refused.body).toMatchObject({ code: "guest_calls_exhausted", maxConcurrent: 2 });
      }
      expect((await user.api("GET", `/calls/${user.guid}`)).body.totalResults).toBe(2);
      expect((await user.api("GET", path)).body.entry.activeCalls).toBe(2);

      const first = attempts.find((r) => r.status === 201)!.body.entry.id;
      expect((await guest("DELETE", `/tokens/call/${first}`)).status).toBe(200);
      const again = await guest("POST", "/tokens/call", token.token);
      expect(again.status, again.text).toBe(201);
      expect((await guest("POST", "/tokens/call", token.token)).status).toBe(409);
      for (const r of [...attempts.filter((a) => a.status === 201), again]) await guest("DELETE", `/tokens/call/${r.body.entry.id}`);
      expect((await user.api("GET", path)).body.entry.activeCalls).toBe(0);
    },
  );

  it("answers a busy callee like POST /calls, pointing at the guest's view, and frees the slot", async () => {
    const user = await newUser();
    const busy = `tel:4420${String(randomInt(1000, 9999))}0002`;
    expect((await user.api("POST", `/devices/${user.guid}`, { json: { id: busy } })).status).toBe(201);
    const created = await user.api("POST", "/tokens", { json: { type: "uphone", callee: busy } });
    const res = await guest("POST", "/tokens/call", created.body.entry.token);
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe("call_busy");
    expect(res.text).not.toContain(user.guid);
    const location = res.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${baseUrl}/rest/1\\.0/tokens/call/[0-9a-f-]{36}$`));
    const view = await guest("GET", location.replace(`${baseUrl}/rest/1.0`, ""));
    expect(view.body.entry).toMatchObject({ status: "BUSY", calleeStatus: "BUSY", active: false });
    expect((await user.api("GET", `/calls/${user.guid}`)).body.entry[0]).toMatchObject({ status: "BUSY", callerId: "guest" });
    expect((await user.api("GET", `/tokens/${user.guid}/${created.body.entry.id}`)).body.entry.activeCalls).toBe(0);
  });

  it("validates the body with a 400 naming the field, and answers 404 for a guest call id that names nothing", async () => {
    const { token } = await userWithToken();
    const empty = await guest("POST", "/tokens/call", token.token, { caller: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].field).toBe("caller");
    const extra = await guest("POST", "/tokens/call", token.token, { callee: "tel:+15550000001" });
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0].message).toMatch(/unknown field/);
    expect((await guest("GET", `/tokens/call/${randomUUID()}`)).status).toBe(404);
    expect((await guest("DELETE", `/tokens/call/${randomUUID()}`)).status).toBe(404);
    expect((await guest("GET", "/tokens/call/not-a-guid")).status).toBe(404);
    expect((await guest("PUT", `/tokens/call/${randomUUID()}`, undefined, {})).headers.get("allow")).toBe("GET, HEAD, DELETE, OPTIONS");
  });
});
