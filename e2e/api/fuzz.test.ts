import { randomUUID } from "node:crypto";
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Contract } from "@/lib/rest/contract";
import { FILTER_OPS } from "@/lib/rest/list-query";
import { allContracts } from "@/lib/rest/operations";
import { signRequest } from "@/lib/oauth/sign-request";
import { call, createLoggedInUser, demoApp, type Credentials } from "../support/api-client";
import { startServer, type TestServer } from "../support/server";

// Seeded property-based fuzzing of every operation: signed and unsigned requests with odd paths,
// query parameters, bodies, methods and headers. Whatever comes in, nothing may answer 5xx.
// Its own server, because it changes whatever it can (it may turn two-legged access off).
// FUZZ_SEED picks another sequence; FUZZ_RUNS another length (at least 2,000 in CI).

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);

let server: TestServer;
let user: { guid: string; creds: Credentials };
let fuzzCall: { id: string; legId: string };
beforeAll(async () => {
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined });
  user = await createLoggedInUser(server.baseUrl);
  const placed = await call(server.baseUrl, demoApp, "POST", `/calls/${user.guid}`, { json: { legs: ["tel:+1 555 010 0001", "sip:fuzz@example.com"] } });
  if (placed.status !== 201) throw new Error(`placing the fuzz call failed: ${placed.status} ${placed.text}`);
  fuzzCall = { id: String(placed.body.entry.id), legId: String(placed.body.entry.legs[0].id) };
}, 180_000);
afterAll(() => server?.stop(), 120_000);

const nasty = fc.constantFrom("", " ", "..", "../x", "%00", "\u0000", "%C3%28", "%ZZ", "\ud800", "é", "😀", "a/b", "*", "-".repeat(36), "x".repeat(3000), "null", "0", "-1", "1e309", "2026-13-45", "-271821-04-20", "demo", "demo:demo-app", "evt_x");
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 20 }), nasty);
const paramValue = (name: string) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...knownValues(name)) },
    { weight: 2, arbitrary: text },
  );

function knownValues(name: string): string[] {
  switch (name) {
    case "guid":
      return [user.guid, randomUUID(), user.guid.toUpperCase()];
    case "name":
      return ["demo", "other", "no-such-domain"];
    case "appId":
      return ["demo:demo-app", "other:other-app", "demo:nope"];
    // The placed call only: random text already stands for ids that name nothing.
    case "callId":
      return [fuzzCall.id];
    case "legId":
      return [fuzzCall.legId];
    case "messageFolder":
      return ["inbox", "sent", "deleted"];
    case "serviceId":
      return ["simulator"];
    default:
      return [randomUUID(), "evt_0000"];
  }
}

/** encodeURIComponent, but a lone surrogate (which it refuses) goes as the bytes a client would send for it. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, "utf8")].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
  }
}

function pathArbitrary(contract: Contract) {
  const names = (contract.path.match(/\{(\w+)\}/g) ?? []).map((p) => p.slice(1, -1));
  return fc.tuple(...names.map(paramValue), fc.boolean()).map((values) => {
    const raw = values.at(-1) as boolean;
    let i = 0;
    // Mostly encoded as a client would; sometimes raw, to reach the path guard.
    return contract.path.replace(/\{\w+\}/g, () => (raw ? String(values[i++]) : encode(String(values[i++]))));
  });
}

function queryArbitrary(contract: Contract) {
  const props = Object.keys(contract.list ?? {});
  const key = fc.constantFrom("startIndex", "count", "filterBy", "filterOp", "filterValue", "scope", "maxResults", "oauth_x", "h", ...(props.length ? ["filterBy"] : []));
  const value = fc.oneof(text, fc.constantFrom(...FILTER_OPS, ...props, "all"), fc.integer({ min: -5, max: 2 ** 40 }).map(String));
  // Mostly none, so that many requests get past validation into the handlers.
  return fc.oneof({ weight: 3, arbitrary: fc.constant([] as Array<[string, string]>) }, { weight: 2, arbitrary: fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }) });
}

function bodyArbitrary(contract: Contract) {
  const example = contract.example ?? {};
  const keys = Object.keys(example);
  return fc.oneof(
    fc.constant(example),
    fc.jsonValue(),
    fc.dictionary(fc.constantFrom(...(keys.length ? keys : ["x"]), "extra"), fc.oneof(fc.jsonValue(), text)),
    fc.record({ ...Object.fromEntries(keys.map((k) => [k, fc.oneof(fc.constant(example[k]), text, fc.jsonValue())])) }),
  );
}

/** Built once the fixtures exist (the known path values include the test user's guid). */
const requestArbitrary = () => fc.constantFrom(...allContracts).chain((contract) =>
  fc.record({
    contract: fc.constant(contract),
    path: pathArbitrary(contract),
    query: queryArbitrary(contract),
    body: fc.option(bodyArbitrary(contract), { nil: undefined, freq: 3 }),
    method: fc.oneof({ weight: 6, arbitrary: fc.constant(contract.method) }, { weight: 1, arbitrary: fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND") }),
    signing: fc.constantFrom("app", "app", "app", "user", "none", "garbage"),
    contentType: fc.constantFrom("application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "application/merge-patch+json"),
  }),
);

type Fuzzed = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

/** Sends over a raw socket, so paths and methods fetch() would refuse or normalize still reach the server. */
function rawRequest(port: number, head: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(Buffer.concat([Buffer.from(head, "latin1"), body])));
    let response = "";
    socket.on("data", (chunk) => (response += chunk.toString("latin1")));
    socket.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(response);
      return status ? resolve(Number(status[1])) : reject(new Error(`no HTTP answer: ${JSON.stringify(response.slice(0, 200))}`));
    });
    socket.on("error", reject);
    socket.setTimeout(15_000, () => socket.destroy(new Error("timed out")));
  });
}

async function send(port: number, r: Fuzzed): Promise<number> {
  const search = r.query.length ? `?${r.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&")}` : "";
  const target = `/rest/1.0${r.path}${search}`;
  const body = r.body === undefined ? undefined : JSON.stringify(r.body);
  const headers = [`Host: localhost:${port}`, "Connection: close", `Content-Type: ${r.contentType}`, `Content-Length: ${Buffer.byteLength(body ?? "")}`];
  if (r.signing === "garbage") headers.push('Authorization: OAuth oauth_consumer_key="%00", oauth_signature="%ZZ", oauth_nonce');
  if (r.signing === "app" || r.signing === "user") {
    const creds = r.signing === "user" ? user.creds : demoApp;
    try {
      headers.push(`Authorization: ${signRequest({ method: r.method, url: `http://localhost:${port}${target}`, ...creds, body }).authorization}`);
    } catch {
      // an unparseable URL cannot be signed by a client either: sent unsigned
    }
  }
  return rawRequest(port, `${r.method} ${target} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`, Buffer.from(body ?? "", "utf8"));
}

describe("fuzzing every operation", () => {
  it(`answers ${RUNS} odd requests (seed ${SEED}) without a single 5xx`, async () => {
    const port = Number(new URL(server.baseUrl).port);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(), async (r) => {
        const status = await send(port, r);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        expect(status, `${r.method} ${r.path} ${JSON.stringify(r.query)} ${JSON.stringify(r.body)?.slice(0, 200)}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    // The run reached the handlers, not only the refusals in front of them. With about 70
    // operations, most of them writes whose random bodies are refused, about 3% succeed.
    const succeeded = [...statuses].filter(([s]) => s < 300).reduce((n, [, count]) => n + count, 0);
    console.log(`fuzz statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(succeeded).toBeGreaterThan(RUNS / 40);
    expect([...statuses.keys()].filter((s) => s >= 400).length).toBeGreaterThan(3);
  }, 600_000);
});
