// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { randomInt } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { client, createLoggedInUser, otherApp, uniqueLogin } from "@/e2e/support/api-client";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);

/** A user of the demo domain (two-legged), with its guid. */
async function newUser(api = app, login = uniqueLogin("dev")) {
  const res = await api("POST", "/users", { json: { login, password: "device-pass-1" } });
  expect(res.status, res.text).toBe(201);
  return res.body.entry.guid as string;
}

/** A London number no other test uses, spelled the way people write it. */
const londonNumber = () => {
  const digits = String(randomInt(10_000_000, 99_999_999));
  return { spelled: `tel:+44 20 ${digits.slice(0, 4)} ${digits.slice(4)}`, id: `tel:4420${digits}` };
};
const devicePath = (guid: string, id: string) => `/devices/${guid}/${encodeURIComponent(id)}`;

describe("devices: schemes and normalization", () => {
  it("refuses an unknown scheme with a 400 that names the accepted ones", async () => {
    const guid = await newUser();
    for (const id of ["fax:+442079460000", "442079460000", "http://example.com"]) {
      const res = await app("POST", `/devices/${guid}`, { json: { id } });
      expect(res.status, id).toBe(400);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors[0].field).toBe("id");
      for (const scheme of ["tel:", "sip:", "skype:", "xmpp:", "mailto:", "@purpose/"]) expect(res.body.detail).toContain(scheme);
    }
    const service = await app("POST", `/devices/${guid}`, { json: { id: "service:447700900001" } });
    expect(service.status).toBe(400);
    expect(service.body.detail).toMatch(/@purpose/);
  });

  it("normalizes ids: 201 with the normalized id in the entry and the Location", async () => {
    const guid = await newUser();
    const phone = londonNumber();
    const res = await app("POST", `/devices/${guid}`, { json: { id: phone.spelled, name: "Office", label: "work" } });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/devices/${guid}/${phone.id}`);
    expect(res.body.entry).toMatchObject({
      id: phone.id,
      name: "Office",
      label: "work",
      verified: false,
      default: false,
      ccfCheck: "pending",
      notifyvm: false,
    });
    expect(res.body.entry.checkDetail).toMatch(/telephony simulator/);

    // The device answers under any spelling of its id.
    const fetched = await app("GET", devicePath(guid, phone.spelled));
    expect(fetched.status).toBe(200);
    expect(fetched.body.entry.id).toBe(phone.id);

    const cases: Array<[string, string]> = [
      ["MAILTO:Ada.Lovelace@Example.COM", "mailto:ada.lovelace@example.com"],
      ["sip:Ada@PBX.Example.com", "sip:Ada@pbx.example.com"],
      ["skype:Ada.Lovelace", "skype:ada.lovelace"],
      ["xmpp:Ada@Jabber.Example.org", "xmpp:ada@jabber.example.org"],
    ];
    for (const [given, normalized] of cases) {
      const created = await app("POST", `/devices/${guid}`, { json: { id: given } });
      expect(created.status, `${given}: ${created.text}`).toBe(201);
      expect(created.body.entry.id).toBe(normalized);
    }
  });

  it("refuses a duplicate address in the domain with 409, whatever its spelling; another domain may have it", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const phone = londonNumber();
    expect((await app("POST", `/devices/${first}`, { json: { id: phone.spelled } })).status).toBe(201);
    const again = await app("POST", `/devices/${first}`, { json: { id: phone.id } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain("this user already has it");
    const elsewhere = await app("POST", `/devices/${second}`, { json: { id: phone.id.replace("tel:", "tel:00") } });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.detail).toContain("another user of the domain has it");

    const foreign = await newUser(other);
    expect((await other("POST", `/devices/${foreign}`, { json: { id: phone.spelled } })).status).toBe(201);
  });
});

describe("devices: list, change, remove", () => {
  it("lists the default device first and filters by id prefix, label, and several properties at once", async () => {
    const login = uniqueLogin("lister");
    const guid = await newUser(app, login);
    const phone = londonNumber();
    await app("POST", `/devices/${guid}`, { json: { id: phone.id, label: "work" } });
    await app("POST", `/devices/${guid}`, { json: { id: "skype:lister.skype", label: "home" } });

    const all = await app("GET", `/devices/${guid}`);
    expect(all.status).toBe(200);
    expect(all.body.totalResults).toBe(3);
    expect(all.body.entry[0]).toMatchObject({ id: `sip:${login}@demo`, default: true });

    const phones = await app("GET", `/devices/${guid}?filterBy=id&filterOp=startsWith&filterValue=tel:`);
    expect(phones.body.entry.map((d: { id: string }) => d.id)).toEqual([phone.id]);
    const home = await app("GET", `/devices/${guid}?filterBy=label&filterValue=home`);
    expect(home.body.entry.map((d: { id: string }) => d.id)).toEqual(["skype:lister.skype"]);
    const both = await app("GET", `/devices/${guid}?filterBy=id,label&filterOp=all&filterValue=tel:*,work`);
    expect(both.body.entry.map((d: { id: string }) => d.id)).toEqual([phone.id]);
    const paged = await app("GET", `/devices/${guid}?startIndex=1&count=1`);
    expect(paged.body).toMatchObject({ startIndex: 1, itemsPerPage: 1, totalResults: 3 });
  });

  it("changes label, name and options, accepts its own GET representation back, and refuses read-only changes", async () => {
    const guid = await newUser();
    const phone = londonNumber();
    await app("POST", `/devices/${guid}`, { json: { id: phone.id, callme: true } });
    const changed = await app("PUT", devicePath(guid, phone.id), { json: { label: "home", name: "Landline", notifyvm: true, autoAnswer: true } });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.entry).toMatchObject({ label: "home", name: "Landline", callme: true, notifyvm: true, autoAnswer: true, shared: false });

    const roundTrip = await app("PUT", devicePath(guid, phone.id), { json: { ...changed.body.entry, label: "mobile" } });
    expect(roundTrip.status, roundTrip.text).toBe(200);
    expect(roundTrip.body.entry).toMatchObject({ label: "mobile", notifyvm: true });

    const readOnly = await app("PUT", devicePath(guid, phone.id), { json: { verified: true } });
    expect(readOnly.status).toBe(400);
    expect(readOnly.body.errors).toEqual([{ field: "verified", message: "is read-only" }]);
    const wrongCheck = await app("PUT", devicePath(guid, phone.id), { json: { verifyBy: "mailCheck" } });
    expect(wrongCheck.status).toBe(400);

    const ccf = await app("PUT", devicePath(guid, phone.id), { json: { verifyBy: "ccfTest" } });
    expect(ccf.status, ccf.text).toBe(200);
    expect(ccf.body.entry).toMatchObject({ ccfCheck: "passed", verified: true });
    expect(ccf.body.entry).not.toHaveProperty("checkDetail");

    // The simulator does not forward numbers ending in 0002, 0003 or 0004 (docs/calls.md).
    const busy = `tel:+44 20 ${phone.id.slice(-8, -4)} 0002`;
    const added = await app("POST", `/devices/${guid}`, { json: { id: busy } });
    expect(added.status, added.text).toBe(201);
    const failed = await app("PUT", devicePath(guid, added.body.entry.id), { json: { verifyBy: "ccfTest" } });
    expect(failed.body.entry).toMatchObject({ ccfCheck: "failed", verified: false });
    expect(failed.body.entry.checkDetail).toMatch(/did not come back/);
  });

  it("starts the call forwarding check on POST with verifyBy ccfTest, as PUT does", async () => {
    const guid = await newUser();
    const phone = londonNumber();
    const passed = await app("POST", `/devices/${guid}`, { json: { id: phone.spelled, verifyBy: "ccfTest" } });
    expect(passed.status, passed.text).toBe(201);
    expect(passed.body.entry).toMatchObject({ id: phone.id, ccfCheck: "passed", verified: true });
    expect(passed.body.entry).not.toHaveProperty("checkDetail");
    expect((await app("GET", devicePath(guid, phone.id))).body.entry).toMatchObject({ ccfCheck: "passed", verified: true });

    // The simulator does not forward numbers ending in 0002, 0003 or 0004 (docs/calls.md).
    const unreachable = `tel:+44 20 ${phone.id.slice(-8, -4)} 0003`;
    const failed = await app("POST", `/devices/${guid}`, { json: { id: unreachable, verifyBy: "ccfTest" } });
    expect(failed.status, failed.text).toBe(201);
    expect(failed.body.entry).toMatchObject({ ccfCheck: "failed", verified: false });
    expect(failed.body.entry.checkDetail).toMatch(/did not come back/);

    // Without verifyBy the check waits; on an email address ccfTest is a 400 and nothing is added.
    const waiting = await app("POST", `/devices/${guid}`, { json: { id: londonNumber().id } });
    expect(waiting.body.entry).toMatchObject({ ccfCheck: "pending", verified: false });
    const email = `${uniqueLogin("ccf")}@example.com`;
    const wrong = await app("POST", `/devices/${guid}`, { json: { id: `mailto:${email}`, verifyBy: "ccfTest" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "verifyBy", message: "ccfTest checks tel: devices" }]);
    expect((await app("GET", devicePath(guid, `mailto:${email}`))).status).toBe(404);
  });

  it("keeps the default device while it is the only one (409), answers 200 with REMOVED, and hands the default on", async () => {
    const login = uniqueLogin("keeper");
    const guid = await newUser(app, login);
    const sip = `sip:${login}@demo`;
    const only = await app("DELETE", devicePath(guid, sip));
    expect(only.status).toBe(409);
    expect(only.body.detail).toMatch(/default device and its only one: add another device first/);

    const phone = londonNumber();
    await app("POST", `/devices/${guid}`, { json: { id: phone.id } });
    const removed = await app("DELETE", devicePath(guid, sip));
    expect(removed.status, removed.text).toBe(200);
    expect(removed.headers.get("removed")).toBe(`/rest/1.0/devices/${guid}/${sip}`);
    expect(removed.body.entry).toMatchObject({ id: sip, default: true });
    expect((await app("GET", devicePath(guid, sip))).status).toBe(404);

    const left = await app("GET", `/devices/${guid}`);
    expect(left.body.entry).toMatchObject([{ id: phone.id, default: true }]);
    expect((await app("DELETE", devicePath(guid, phone.id))).status).toBe(409);
  });

  it("lets a user manage its own devices with its token, and no one else's (404)", async () => {
    const me = await createLoggedInUser(baseUrl);
    const someone = await newUser();
    const mine = client(baseUrl, me.creds);
    const phone = londonNumber();
    expect((await mine("POST", `/devices/${me.guid}`, { json: { id: phone.id } })).status).toBe(201);
    expect((await mine("GET", `/devices/${me.guid}`)).body.totalResults).toBe(2);
    expect((await mine("GET", `/devices/${someone}`)).status).toBe(404);
    expect((await mine("POST", `/devices/${someone}`, { json: { id: londonNumber().id } })).status).toBe(404);
  });
});

describe("devices: email", () => {
  it("sends a verification email for a new mailto: device; a wrong code is refused and counted", async () => {
    const guid = await newUser();
    const email = `${uniqueLogin("mail")}@example.com`;
    const res = await app("POST", `/devices/${guid}`, { json: { id: `mailto:${email}` } });
    expect(res.status, res.text).toBe(201);
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/devices/${guid}/mailto:${email}`);
    expect(res.body.entry).toMatchObject({ id: `mailto:${email}`, mailCheck: "pending", verified: false });
    expect(res.body.entry.checkDetail).toMatch(/verification email was sent/);
    expect(res.body.entry).not.toHaveProperty("ccfCheck");

    const wrong = await app("PUT", devicePath(guid, `mailto:${email}`), { json: { verifyCode: "000000x" } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: "verifyCode", message: "is wrong: 4 tries left" }]);
    const ccf = await app("PUT", devicePath(guid, `mailto:${email}`), { json: { verifyBy: "ccfTest" } });
    expect(ccf.status).toBe(400);
    expect(ccf.body.errors[0]).toEqual({ field: "verifyBy", message: "ccfTest checks tel: devices" });
  });

  it("keeps an email login's default device pending until asked, with no code to try", async () => {
    const login = `${uniqueLogin("inbox")}@example.com`;
    const guid = await newUser(app, login);
    const [device] = (await app("GET", `/devices/${guid}`)).body.entry;
    expect(device).toMatchObject({ id: `mailto:${login}`, default: true, mailCheck: "pending", verified: false });
    expect(device.checkDetail).toMatch(/Not checked yet/);
    const code = await app("PUT", devicePath(guid, device.id), { json: { verifyCode: "123456" } });
    expect(code.status).toBe(400);
    expect(code.body.errors[0].message).toMatch(/no code is pending/);
    const asked = await app("PUT", devicePath(guid, device.id), { json: { verifyBy: "mailCheck" } });
    expect(asked.body.entry.checkDetail).toMatch(/was sent/);
  });
});

describe("purpose numbers: search", () => {
  it("finds free numbers of a country with filterBy=location and count", async () => {
    const res = await app("GET", "/devices/@purpose?filterBy=location&filterValue=GBR&count=10");
    expect(res.status, res.text).toBe(200);
    expect(res.body.itemsPerPage).toBe(10);
    expect(res.body.totalResults).toBeGreaterThan(100);
    for (const n of res.body.entry) {
      expect(n).toMatchObject({ location: "GBR", status: "available" });
      expect(n.id).toMatch(/^tel:44\d{10}$/);
    }
  });

  it("takes the original clients' multi-filter form with maxResults", async () => {
    const res = await app("GET", "/devices/@purpose?maxResults=5&filterBy=status,location,id&filterOp=all&filterValue=available,USA,*555*");
    expect(res.status, res.text).toBe(200);
    expect(res.body.entry).toHaveLength(5);
    expect(res.body.itemsPerPage).toBe(5);
    for (const n of res.body.entry) expect(n.id).toMatch(/^tel:1\d{3}555\d{4}$/);

    const newYork = await app("GET", "/devices/@purpose?filterBy=location,id&filterOp=all&filterValue=USA,tel:1212*&count=0");
    expect(newYork.body.totalResults).toBe(100);
    const none = await app("GET", "/devices/@purpose?filterBy=status,location&filterOp=all&filterValue=allocated,GBR");
    expect(none.body.totalResults).toBe(0);
  });

  it("refuses what it cannot filter on, and methods it lacks", async () => {
    const res = await app("GET", "/devices/@purpose?filterBy=holder&filterValue=x");
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/Filterable properties: id, location, status/);
    const post = await app("POST", "/devices/@purpose", { json: { id: "@purpose/GBR" } });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("purpose numbers: allocation", () => {
  const freeNumbers = async (query: string) => (await app("GET", `/devices/@purpose?${query}`)).body;
  const digitsOf = (id: string) => id.replace(/^(tel|service):/, "");

  it("refuses a user without a billing account with 403 billing_required, allocating nothing", async () => {
    const res = await app("POST", "/users", { json: { login: uniqueLogin("unbilled"), password: "device-pass-1", accountId: null } });
    const guid = res.body.entry.guid;
    const before = (await freeNumbers("filterBy=location&filterValue=GBR&count=0")).totalResults;
    for (const id of ["@purpose/GBR", "@sms/GBR", "@purpose/tel:+447700900999"]) {
      const refused = await app("POST", `/devices/${guid}`, { json: { id } });
      expect(refused.status, id).toBe(403);
      expect(refused.body.code).toBe("billing_required");
      expect(refused.body.detail).toMatch(/billing account/);
    }
    expect((await freeNumbers("filterBy=location&filterValue=GBR&count=0")).totalResults).toBe(before);
    // Plain devices need no billing.
    expect((await app("POST", `/devices/${guid}`, { json: { id: londonNumber().id } })).status).toBe(201);
  });

  it("allocates a free number of a country as service:<number>, charges the month, and takes it off the free list", async () => {
    const guid = await newUser();
    const res = await app("POST", `/devices/${guid}`, { json: { id: "@purpose/GBR", name: "Support line" } });
    expect(res.status, res.text).toBe(201);
    const id = res.body.entry.id as string;
    expect(id).toMatch(/^service:44\d{10}$/);
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/devices/${guid}/${id}`);
    expect(res.body.entry).toMatchObject({ name: "Support line", location: "GBR", verified: true, default: false });
    expect(res.body.entry).not.toHaveProperty("ccfCheck");
    expect((await app("GET", devicePath(guid, id))).body.entry.id).toBe(id);
    expect((await freeNumbers(`filterBy=id&filterValue=${digitsOf(id)}`)).totalResults).toBe(0);

    const ledger = await app("GET", `/billing/${guid}/ledger`);
    expect(ledger.body.entry).toEqual(
      expect.arrayContaining([expect.objectContaining({ item: "purpose_number_month", reference: `device:${id}`, amount: "-1.00" })]),
    );
  });

  it("allocates one named free number; a taken, unknown or unheld one is refused", async () => {
    const [first, second] = [await newUser(), await newUser()];
    const [wanted] = (await freeNumbers("filterBy=location&filterValue=USA&count=1")).entry;
    const res = await app("POST", `/devices/${first}`, { json: { id: `@purpose/${wanted.id}` } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.entry).toMatchObject({ id: `service:${digitsOf(wanted.id)}`, location: "USA" });

    const taken = await app("POST", `/devices/${second}`, { json: { id: `@purpose/${wanted.id}` } });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/is not free \(allocated\)/);
    const unknown = await app("POST", `/devices/${second}`, { json: { id: "@purpose/tel:+15550000000" } });
    expect(unknown.status).toBe(404);
    const country = await app("POST", `/devices/${second}`, { json: { id: "@purpose/ZZZ" } });
    expect(country.status).toBe(404);
    expect(country.body.detail).toMatch(/Countries it holds: .*GBR.*USA/);
    const badForm = await app("POST", `/devices/${second}`, { json: { id: "@purpose/UK" } });
    expect(badForm.status).toBe(400);
  });

  it("allocates an SMS-capable number with @sms/", async () => {
    const guid = await newUser();
    const res = await app("POST", `/devices/${guid}`, { json: { id: "@sms/GBR" } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.entry).toMatchObject({ location: "GBR", sms: true });
    expect(res.body.entry.id).toMatch(/^service:447700900\d{3}$/);
  });

  it("never gives a number twice: 20 concurrent allocations get distinct numbers, 20 for one number get one", async () => {
    const users: string[] = [];
    for (let i = 0; i < 20; i++) users.push(await newUser());
    const anyOf = await Promise.all(users.map((guid) => app("POST", `/devices/${guid}`, { json: { id: "@purpose/CAN" } })));
    for (const res of anyOf) expect([201, 409], res.text).toContain(res.status);
    const given = anyOf.filter((r) => r.status === 201).map((r) => r.body.entry.id);
    expect(given.length).toBeGreaterThan(0);
    expect(new Set(given).size).toBe(given.length);

    const [wanted] = (await freeNumbers("filterBy=location&filterValue=CAN&count=1")).entry;
    const same = await Promise.all(users.map((guid) => app("POST", `/devices/${guid}`, { json: { id: `@purpose/${wanted.id}` } })));
    expect(same.map((r) => r.status).sort()).toEqual([201, ...Array(19).fill(409)]);
  }, 60_000);

  it("returns a released number to quarantine: not offered, not allocatable", async () => {
    const [holder, next] = [await newUser(), await newUser()];
    const { id } = (await app("POST", `/devices/${holder}`, { json: { id: "@purpose/AUS" } })).body.entry;
    const removed = await app("DELETE", devicePath(holder, id));
    expect(removed.status).toBe(200);
    expect(removed.headers.get("removed")).toBe(`/rest/1.0/devices/${holder}/${id}`);
    expect((await freeNumbers(`filterBy=id&filterValue=${digitsOf(id)}`)).totalResults).toBe(0);
    const again = await app("POST", `/devices/${next}`, { json: { id: `@purpose/tel:${digitsOf(id)}` } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/quarantined/);
  });
});
