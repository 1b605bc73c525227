// npm run bench: REST throughput and latency with autocannon, on PGlite and (when
// TEST_DATABASE_URL is set) on a fresh PostgreSQL database, plus the CPU cost of OAuth
// verification. Prints a table and writes it into docs/performance.md between the bench markers.
// Every server runs on 127.0.0.1 and is stopped, and every temporary directory and database
// removed, at the end, on failure and on Ctrl-C. Options: `--no-write` only prints;
// `--only=a,b` runs those scenarios (by letter) and does not write; `--cpu-prof=<dir>` writes V8
// CPU profiles of the launcher and the server into <dir> (open them in Chrome DevTools).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { createLoggedInUser, type Credentials } from "../e2e/support/api-client";
import { demo, otherTenant } from "../e2e/support/fixtures";
import { cpuSeconds, serverPidsForPort } from "../e2e/support/server";
import { hashPassword } from "../lib/crypto/password";
import { collectRequestParams } from "../lib/oauth/params";
import { signRequest } from "../lib/oauth/sign-request";
import { baseStringUri, matchSignature } from "../lib/oauth/signature";
import { seedDemo } from "../lib/seed/demo";
import { runMain, startBenchServer, type BenchServer, type Database } from "./bench-events";

const DURATION_SECONDS = 5;
const CONNECTIONS = [10, 50];
const SMALL_DOMAIN_USERS = 1_000;
const LARGE_DOMAIN_USERS = 100_000;
const BULK_PASSWORD = "bench-password-1";
const PERFORMANCE_DOC = path.join(__dirname, "../docs/performance.md");
const MARKERS = { start: "<!-- bench:start -->", end: "<!-- bench:end -->" };
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const ONLY = option("only")?.split(",");
const CPU_PROFILE_DIR = option("cpu-prof");

// autocannon ships no types: the few fields used here.
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
const autocannon = createRequire(__filename)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: AutocannonRequest[];
}) => Promise<AutocannonResult>;

interface Scenario {
  name: string;
  method: string;
  /** Path under /rest/1.0, with its query string. */
  path: () => string;
  /** Unsigned when absent. */
  creds?: Credentials;
  body?: () => string;
}

interface Row {
  database: Database;
  scenario: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  ofFloor: number;
  /** CPU time of the Next.js server processes per request: a figure that holds on a busy machine, unlike req/s. */
  serverCpuMs: number;
}

/** Each request signed just before it is sent: fresh nonce and timestamp. */
function signedRequest(server: BenchServer, scenario: Scenario): AutocannonRequest {
  const host = new URL(server.baseUrl).host;
  return {
    method: scenario.method,
    setupRequest: (request) => {
      const requestPath = `/rest/1.0${scenario.path()}`;
      const body = scenario.body?.();
      const headers: Record<string, string> = { host, ...(body !== undefined ? { "content-type": "application/json" } : {}) };
      if (scenario.creds) {
        headers.authorization = signRequest({ method: scenario.method, url: `${server.baseUrl}${requestPath}`, ...scenario.creds, body }).authorization;
      }
      return { ...request, method: scenario.method, path: requestPath, headers, ...(body !== undefined ? { body } : {}) };
    },
  };
}

async function measure(server: BenchServer, scenario: Scenario, connections: number) {
  const pids = serverPidsForPort(server.port);
  const cpuBefore = cpuSeconds(pids);
  // Loopback only: the server listens on 127.0.0.1; Host names PUBLIC_URL's origin, as signed.
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections,
    duration: DURATION_SECONDS,
    requests: [signedRequest(server, scenario)],
  });
  return {
    requestsPerSecond: result.requests.total / DURATION_SECONDS,
    serverCpuMs: ((cpuSeconds(pids) - cpuBefore) * 1000) / Math.max(result.requests.total, 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Users written straight into the "User" table (one shared password hash), before the server starts. */
async function seedUsers(pool: pg.Pool, domain: string, count: number) {
  const passwordHash = await hashPassword(BULK_PASSWORD);
  await pool.query(
    `INSERT INTO "User" (id, "domainId", login, "passwordHash", "createdWith", "createdAt")
     SELECT gen_random_uuid(), d.id, 'bulk-' || lpad(n::text, 6, '0'), $2, 'bench', now() - (($3::int - n) * interval '1 millisecond')
     FROM "Domain" d, generate_series(1, $3::int) AS n WHERE d.name = $1`,
    [domain, passwordHash, count],
  );
}

function scenarios(user: Credentials): Scenario[] {
  const demoApp = { consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret };
  const otherApp = { consumerKey: otherTenant.consumerKey, consumerSecret: otherTenant.consumerSecret };
  let created = 0;
  const runId = randomBytes(3).toString("hex");
  return [
    { name: "(a) OPTIONS /users (floor: no OAuth, no database)", method: "OPTIONS", path: () => "/users" },
    { name: `(b) GET /users?count=20, two-legged, ${SMALL_DOMAIN_USERS.toLocaleString("en")} users`, method: "GET", path: () => "/users?count=20", creds: demoApp },
    { name: "(c) GET /users?count=20, user access token", method: "GET", path: () => "/users?count=20", creds: user },
    { name: `(d) GET /domains/${demo.domain}`, method: "GET", path: () => `/domains/${demo.domain}`, creds: demoApp },
    {
      name: "(e) POST /users (scrypt password hash)",
      method: "POST",
      path: () => "/users",
      creds: demoApp,
      body: () => JSON.stringify({ login: `bench-${runId}-${++created}`, password: BULK_PASSWORD }),
    },
    {
      name: `(f) GET /users?startIndex=99000&count=20, ${LARGE_DOMAIN_USERS.toLocaleString("en")} users`,
      method: "GET",
      path: () => "/users?startIndex=99000&count=20",
      creds: otherApp,
    },
    {
      name: `(f) GET /users filtered (login startsWith), ${LARGE_DOMAIN_USERS.toLocaleString("en")} users`,
      method: "GET",
      path: () => "/users?filterBy=login&filterOp=startsWith&filterValue=bulk-09999&count=20",
      creds: otherApp,
    },
  ];
}

async function benchDatabase(database: Database): Promise<Row[]> {
  console.log(`\n[${database}] seeding ${SMALL_DOMAIN_USERS + LARGE_DOMAIN_USERS} users and starting a server...`);
  const server = await startBenchServer(database, {
    nodeFlags: CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`] : [],
    seed: async (prisma, pool) => {
      await seedDemo(prisma, otherTenant);
      await seedUsers(pool, demo.domain, SMALL_DOMAIN_USERS);
      await seedUsers(pool, otherTenant.domain, LARGE_DOMAIN_USERS);
      // What autovacuum does soon after a bulk load on a server (PGlite has none): the visibility map
      // lets a deep page's ids come from an index-only scan.
      await pool.query("VACUUM ANALYZE");
    },
  });
  try {
    const { creds: user } = await createLoggedInUser(server.baseUrl);
    const rows: Row[] = [];
    for (const connections of CONNECTIONS) {
      let floor = 0;
      for (const scenario of scenarios(user).filter((s) => !ONLY || ONLY.includes(s.name[1]!))) {
        await measure(server, scenario, 1).catch(() => undefined); // warm-up: compile the route, fill caches
        const m = await measure(server, scenario, connections);
        floor ||= m.requestsPerSecond;
        const row = { database, scenario: scenario.name, connections, ...m, ofFloor: (100 * m.requestsPerSecond) / floor };
        console.log(formatRow(row));
        rows.push(row);
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** OAuth verification CPU per request: parse header and query, base string, HMAC, compare. */
function oauthVerificationMicros(): number {
  const url = "http://localhost:3000/rest/1.0/users?count=20&startIndex=40";
  const secrets = { consumerSecret: demo.consumerSecret, tokenSecret: "ts_0123456789abcdef0123456789abcdef" };
  const { authorization } = signRequest({ method: "GET", url, consumerKey: demo.consumerKey, token: "tk_0123456789abcdef", ...secrets });
  const rawQuery = new URL(url).search;
  const verify = () => {
    const params = collectRequestParams({ authorization, rawQuery });
    const uri = baseStringUri(url, "http://localhost:3000");
    if (matchSignature("GET", uri, params, params.oauth.oauth_signature!, secrets.consumerSecret, secrets.tokenSecret) !== "rfc") throw new Error("bad signature");
  };
  for (let i = 0; i < 2_000; i++) verify();
  const runs = 20_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) verify();
  return Number(process.hrtime.bigint() - started) / 1000 / runs;
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const formatRow = (r: Row) =>
  `| ${r.database} | ${r.scenario} | ${r.connections} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.non2xx}${r.errors ? ` (+${r.errors} errors)` : ""} | ${r.ofFloor.toFixed(0)}% | ${r.serverCpuMs.toFixed(2)} ms |`;

function report(rows: Row[], oauthMicros: number, databases: string): string {
  return [
    MARKERS.start,
    `## REST: \`npm run bench\` (${new Date().toISOString().slice(0, 10)})`,
    "",
    `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, ${databases}; server`,
    `and autocannon on the same machine over loopback; ${DURATION_SECONDS} s per line after a 1-connection warm-up.`,
    "Signed lines get a fresh nonce and timestamp per request. \"% of (a)\" compares with the floor",
    "(OPTIONS: routing only, no OAuth, no database) on the same database and connection count.",
    "\"server CPU\" is the Next.js server processes' CPU time per request (PGlite's own runs in the launcher).",
    "",
    "| database | scenario | connections | req/s | p50 | p99 | non-2xx | % of (a) | server CPU |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(formatRow),
    "",
    `OAuth verification CPU (parse header and query, base string, HMAC-SHA1, constant-time compare):`,
    `**${oauthMicros.toFixed(1)} µs per request** (target: under 200 µs).`,
    MARKERS.end,
  ].join("\n");
}

function writeReport(section: string) {
  const doc = fs.readFileSync(PERFORMANCE_DOC, "utf8");
  const start = doc.indexOf(MARKERS.start);
  const end = doc.indexOf(MARKERS.end);
  const updated = start >= 0 && end > start ? doc.slice(0, start) + section + doc.slice(end + MARKERS.end.length) : `${doc.trimEnd()}\n\n${section}\n`;
  fs.writeFileSync(PERFORMANCE_DOC, updated);
  console.log(`\nWritten to ${path.relative(process.cwd(), PERFORMANCE_DOC)}.`);
}

/** `next build` when there is no build yet; the launcher rebuilds by itself when sources changed. */
function buildIfMissing() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (fs.existsSync(path.join(distDir, "BUILD_ID"))) return;
  console.log("No build yet: running next build...");
  const result = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "build"], { stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
}

async function main() {
  const oauthMicros = oauthVerificationMicros();
  console.log(`OAuth verification CPU: ${oauthMicros.toFixed(1)} µs per request (target: under 200 µs)`);
  buildIfMissing();
  const databases: Database[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  if (!process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is not set: PostgreSQL skipped.");
  console.log("\n| database | scenario | connections | req/s | p50 | p99 | non-2xx | % of (a) | server CPU |\n|---|---|---|---|---|---|---|---|---|");
  const rows: Row[] = [];
  for (const database of databases) rows.push(...(await benchDatabase(database)));
  const section = report(rows, oauthMicros, databases.includes("postgres") ? "PGlite and PostgreSQL 15 on 127.0.0.1" : "PGlite");
  console.log(`\n${section}`);
  if (!process.argv.includes("--no-write") && !ONLY) writeReport(section);
}

runMain(main);
