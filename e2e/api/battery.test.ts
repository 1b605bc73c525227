// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "../support/in-process-server";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isOAuthMode, type Contract } from "@/lib/http/rest/contract";
import { FILTER_OPS } from "@/lib/http/rest/list-query";
import { allContracts } from "@/lib/registry/operations";
import { allowHeader } from "@/lib/http/rest/contract";
import { call, createLoggedInUser, demoApp, formFields, otherApp, type ApiResponse, type Credentials } from "../support/api-client";

// The shared security battery: every check runs over every contract in lib/registry/operations.ts, so an
// operation added later is covered without new test code. A path parameter needs one entry in
// `paramValues` below: a value in the caller's domain, one in another domain, and one that names nothing.

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;

interface ParamValues {
  own: string;
  otherDomain: string;
  random: string;
}

let paramValues: Record<string, ParamValues>;
/** Credentials per auth mode: what a legitimate caller of each operation signs with. */
let credsFor: Record<Contract["auth"], Credentials | undefined>;
let readOnlyUser: Credentials;
/** What a guest call (auth "guest-token") sends instead of OAuth: a token's secret as its Bearer credential. */
let guestSecret: string;

async function eventOf(creds: Credentials, appId: string): Promise<string> {
  const res = await call(baseUrl, creds, "POST", `/apps/${appId}/events/test`);
  if (res.status !== 201) throw new Error(`test event: ${res.status} ${res.text}`);
  return res.body.entry.id;
}

async function sessionOf(user: { guid: string; creds: Credentials }): Promise<string> {
  return (await call(baseUrl, user.creds, "GET", `/sessions/${user.guid}`)).body.entry[0].id;
}

/** A media folder and file each application created two-legged, and a signed link to each file. */
async function mediaParamValues(): Promise<Record<string, ParamValues>> {
  const folder = `battery-${process.pid}-${Date.now().toString(36)}`;
  const links: string[] = [];
  for (const [creds, domain] of [
    [demoApp, "demo"],
    [otherApp, "other"],
  ] as const) {
    await call(baseUrl, creds, "POST", `/media/${domain}`, { json: { id: folder } });
    await call(baseUrl, creds, "POST", `/media/${domain}/${folder}`, { json: { id: "file.txt" } });
    const link = await call(baseUrl, creds, "GET", `/media/${domain}/${folder}/file.txt/link`);
    links.push(link.body.entry.url.split("/").pop());
  }
  return {
    domain: { own: "demo", otherDomain: "other", random: `no-such-domain-${process.pid}` },
    folder: { own: folder, otherDomain: folder, random: "no-such-folder" },
    file: { own: "file.txt", otherDomain: "file.txt", random: "no-such-file.txt" },
    token: { own: links[0]!, otherDomain: links[1]!, random: "no.such.token" },
  };
}

/** A message in the user's inbox: an SMS to a number it is given for it (messages, issue 13). */
async function ownMessage(guid: string): Promise<string> {
  const number = await call(baseUrl, demoApp, "POST", `/devices/${guid}`, { json: { id: "@sms/GBR" } });
  const to = `tel:${number.body.entry.id.slice("service:".length)}`;
  const sms = await call(baseUrl, demoApp, "POST", "/simulator/inbound-sms", { json: { from: "tel:+447700900555", to, body: "battery" } });
  if (sms.status !== 201) throw new Error(`inbound SMS: ${sms.status} ${sms.text}`);
  return sms.body.entry.id;
}

/** Calls: one connected call of the own user; ids in no call for the rest (the user's 404 comes first). */
async function callParamValues(guid: string) {
  const placed = await call(baseUrl, demoApp, "POST", `/calls/${guid}`, { json: { legs: ["tel:+1 555 010 0001", "sip:battery@example.com"] } });
  if (placed.status !== 201) throw new Error(`placing the battery's call failed: ${placed.status} ${placed.text}`);
  return {
    callId: { own: String(placed.body.entry.id), otherDomain: "999999998", random: "999999999" },
    legId: { own: String(placed.body.entry.legs[0].id), otherDomain: "999999998", random: "999999999" },
  };
}

/** A guest-call token of the user, for its default device. */
async function guestTokenOf(user: { login: string; creds: Credentials }, domain: string): Promise<{ id: string; secret: string }> {
  const res = await call(baseUrl, user.creds, "POST", "/tokens", { json: { type: "uphone", callee: `sip:${user.login}@${domain}` } });
  if (res.status !== 201) throw new Error(`guest token: ${res.status} ${res.text}`);
  return { id: res.body.entry.id, secret: res.body.entry.token };
}

/** Token ids of both users, and a guest call placed with the first (its id is the guest's credential). */
async function tokenParamValues(
  own: { login: string; creds: Credentials },
  foreign: { login: string; creds: Credentials },
): Promise<Record<string, ParamValues>> {
  const [mine, theirs] = [await guestTokenOf(own, "demo"), await guestTokenOf(foreign, "other")];
  const guestCall = await call(baseUrl, demoApp, "POST", "/tokens/call", {
    json: {},
    unsigned: true,
    headers: { Authorization: `Bearer ${mine.secret}` },
  });
  if (guestCall.status !== 201) throw new Error(`guest call: ${guestCall.status} ${guestCall.text}`);
  guestSecret = mine.secret;
  return {
    tokenId: { own: mine.id, otherDomain: theirs.id, random: randomUUID() },
    guestCallId: { own: guestCall.body.entry.id, otherDomain: randomUUID(), random: randomUUID() },
  };
}

async function requestToken(): Promise<Credentials> {
  const res = await call(baseUrl, demoApp, "POST", "/request_token", { sign: { extraOAuthParams: { oauth_callback: "oob" } } });
  const fields = Object.fromEntries(formFields(res.text));
  return { ...demoApp, token: fields.oauth_token, tokenSecret: fields.oauth_token_secret };
}

beforeAll(async () => {
  const ownUser = await createLoggedInUser(baseUrl);
  const foreignUser = await createLoggedInUser(baseUrl, otherApp);
  paramValues = {
    guid: { own: ownUser.guid, otherDomain: foreignUser.guid, random: randomUUID() },
    name: { own: "demo", otherDomain: "other", random: `no-such-domain-${process.pid}` },
    appId: { own: "demo:demo-app", otherDomain: "other:other-app", random: "demo:no-such-app" },
    eventId: { own: await eventOf(demoApp, "demo:demo-app"), otherDomain: await eventOf(otherApp, "other:other-app"), random: "evt_nosuchevent0000" },
    sessionId: { own: await sessionOf(ownUser), otherDomain: await sessionOf(foreignUser), random: randomUUID() },
    // Each user's default device. GET /devices/@purpose has no parameter: it is a literal path.
    deviceId: { own: `sip:${ownUser.login}@demo`, otherDomain: `sip:${foreignUser.login}@other`, random: "tel:15550000000" },
    ...(await mediaParamValues()),
    messageFolder: { own: "inbox", otherDomain: "inbox", random: "no-such-folder" },
    messageId: { own: await ownMessage(ownUser.guid), otherDomain: randomUUID(), random: randomUUID() },
    serviceId: { own: "simulator", otherDomain: "simulator", random: "no-such-service" },
    ...(await callParamValues(ownUser.guid)),
    ...(await tokenParamValues(ownUser, foreignUser)),
  };
  credsFor = {
    none: undefined,
    "guest-token": undefined,
    capability: undefined,
    application: demoApp,
    consumer: demoApp,
    user: ownUser.creds,
    "request-token": await requestToken(),
  };
  const login = await call(baseUrl, demoApp, "POST", "/login", {
    sign: { extraOAuthParams: { x_auth_username: ownUser.login, x_auth_password: ownUser.password, x_auth_scope: "read-only" } },
  });
  const fields = Object.fromEntries(formFields(login.text));
  readOnlyUser = { ...demoApp, token: fields.oauth_token, tokenSecret: fields.oauth_token_secret };
});

type Which = keyof ParamValues;

function pathOf(contract: Contract, which: Which = "own"): string {
  return contract.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const values = paramValues[name];
    if (!values) throw new Error(`The battery has no values for the path parameter {${name}} of ${contract.operationId}: add them to paramValues.`);
    return encodeURIComponent(values[which]).replace(/%3A/g, ":");
  });
}

/** Sends a legitimately signed request for the contract (with its example body), overriding what a check varies. */
function send(contract: Contract, options: { which?: Which; method?: string; query?: string; creds?: Credentials | null } = {}) {
  const creds = options.creds === undefined ? credsFor[contract.auth] : options.creds;
  const path = `${pathOf(contract, options.which)}${options.query ?? ""}`;
  const method = options.method ?? contract.method;
  // GET and HEAD carry no body, even to a path whose only operation takes one.
  const json = contract.body && method !== "GET" && method !== "HEAD" ? (contract.example ?? {}) : undefined;
  const headers = contract.auth === "guest-token" && options.creds === undefined ? { Authorization: `Bearer ${guestSecret}` } : undefined;
  return call(baseUrl, creds ?? demoApp, method, path, { json, unsigned: !creds, headers });
}

const signed = allContracts.filter((c) => isOAuthMode(c.auth));
const withParams = allContracts.filter((c) => c.params && (c.auth === "application" || c.auth === "user"));
const lists = allContracts.filter((c) => c.list);
const writes = allContracts.filter((c) => c.method !== "GET" && (c.auth === "application" || c.auth === "user") && !c.readOnlyTokenAllowed);
const gets = allContracts.filter((c) => c.method === "GET");
const paths = [...new Set(allContracts.map((c) => c.path))];
const name = (c: Contract) => `${c.method} ${c.path}`;

/** A 404 body with the ids and the request id taken out, to compare two answers. */
function normalized(res: ApiResponse, contract: Contract, which: Which): unknown {
  let text = res.text;
  for (const param of contract.path.match(/\{(\w+)\}/g) ?? []) {
    const value = paramValues[param.slice(1, -1)]![which];
    text = text.split(value).join(`<${param}>`).split(encodeURIComponent(value)).join(`<${param}>`);
  }
  const body = JSON.parse(text);
  delete body.requestId;
  return body;
}

describe("every signed operation", () => {
  it.each(signed.map((c) => [name(c), c] as const))("%s: unsigned is 401 with WWW-Authenticate", async (_n, contract) => {
    const res = await send(contract, { creds: null });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^OAuth realm="[^"]+"/);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
  });

  it.each(signed.map((c) => [name(c), c] as const))("%s: a wrong secret is 401", async (_n, contract) => {
    const creds = credsFor[contract.auth]!;
    const res = await send(contract, { creds: { ...creds, consumerSecret: `${creds.consumerSecret}-wrong` } });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/oauth_problem="(signature_invalid|token_rejected)"/);
  });
});

describe("every operation whose credential is not OAuth", () => {
  const guestTokens = allContracts.filter((c) => c.auth === "guest-token");
  const capabilities = allContracts.filter((c) => c.auth === "capability");

  it.each(guestTokens.map((c) => [name(c), c] as const))(
    "%s: no Bearer guest token, or an OAuth signature instead, is 401 with a Bearer challenge",
    async (_n, contract) => {
      for (const res of [await send(contract, { creds: null }), await send(contract, { creds: demoApp })]) {
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer realm="[^"]+", error="invalid_request"$/);
        expect(res.body.code).toBe("guest_token_refused");
      }
    },
  );

  it.each(capabilities.map((c) => [name(c), c] as const))("%s: a capability that names nothing is 404, signed or not", async (_n, contract) => {
    expect((await send(contract, { which: "random" })).status).toBe(404);
    expect((await send(contract, { which: "random", creds: demoApp })).status).toBe(404);
  });
});

describe("every path", () => {
  it.each(paths)("%s: each method it lacks is 405 with the exact Allow", async (path) => {
    const declared = allContracts.filter((c) => c.path === path);
    const allow = allowHeader(declared.map((c) => c.method));
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"].filter((m) => !declared.some((c) => c.method === m))) {
      const res = await send(declared[0]!, { method, creds: null });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), `${method} ${path}`).toBe(allow);
    }
    const options = await send(declared[0]!, { method: "OPTIONS", creds: null });
    expect(options.headers.get("allow")).toBe(allow);
  });
});

describe("every GET", () => {
  it.each(gets.map((c) => [name(c), c] as const))("%s: a signed HEAD answers as GET does, without a body", async (_n, contract) => {
    const get = await send(contract);
    const head = await send(contract, { method: "HEAD" });
    expect(get.status).toBeLessThan(400);
    expect(head.status).toBe(get.status);
    expect(head.text).toBe("");
  });
});

describe("every operation", () => {
  it.each(allContracts.map((c) => [name(c), c] as const))("%s: an unknown query parameter is 400 naming it", async (_n, contract) => {
    const creds = contract.auth === "request-token" ? await requestToken() : undefined;
    const res = await send(contract, { query: "?bogus_param=1", ...(creds ? { creds } : {}) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: "invalid_parameter", parameter: "bogus_param" });
  });
});

describe("every operation with an id", () => {
  it.each(withParams.map((c) => [name(c), c] as const))(
    "%s: another domain's id is 404, with the body of an id that names nothing",
    async (_n, contract) => {
      const foreign = await send(contract, { which: "otherDomain" });
      const random = await send(contract, { which: "random" });
      expect(foreign.status).toBe(404);
      expect(random.status).toBe(404);
      expect(normalized(foreign, contract, "otherDomain")).toEqual(normalized(random, contract, "random"));
    },
  );
});

describe("every filterable collection", () => {
  it.each(lists.map((c) => [name(c), c] as const))("%s: every property with every filterOp is never a 5xx", async (_n, contract) => {
    for (const property of Object.keys(contract.list!)) {
      for (const op of FILTER_OPS) {
        for (const value of ["x", "2026-11", randomUUID()]) {
          const query = `?filterBy=${property}&filterOp=${op}&filterValue=${encodeURIComponent(value)}`;
          const res = await send(contract, { query });
          expect(res.status, `${query}: ${res.text}`).toBeLessThan(500);
          if (op === "present") expect(res.status, `${query}: ${res.text}`).toBe(200);
        }
      }
    }
  });
});

describe("every write", () => {
  it.each(writes.map((c) => [name(c), c] as const))("%s: a read-only token is 403", async (_n, contract) => {
    const res = await send(contract, { creds: readOnlyUser });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/read-only/);
  });
});
