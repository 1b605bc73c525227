// npm run bench: REST throughput and latency with autocannon, on PGlite and (when
// TEST_DATABASE_URL is set) on a fresh PostgreSQL database, plus the CPU cost of OAuth
// verification. Prints a table and writes it into docs/performance.md between the bench markers.
// Every server runs on 127.0.0.1 and is stopped, and every temporary directory and database
// removed, at the end, on failure and on Ctrl-C. Options: `--no-write` only prints;
// `--only=a,b` runs those scenarios (by letter); `--seconds=N` measures each line N s instead of 5;
// `--connections=10` runs only that many connections (10 and 50 by default);
// `--node=<path>,<path>` runs the server on each of those Node executables in turn, on the same
// database (a table side by side; autocannon stays on this process's Node); `--cpu-prof=<dir>`
// writes V8 CPU profiles of the launcher and the server into <dir> (open them in Chrome DevTools).
// Line (g) places calls: CALL_CONCURRENCY concurrent POST /calls, each answered after the
// simulator's ring (SIMULATOR_RING_MS, 300 ms), against what that ring time allows.
// Line (w): the floor (a) and the signed list (b) at 50 connections on one web worker and on
// WORKER_COUNTS' N (WEB_CONCURRENCY), measured A-B-B-A on one database, with the CPU per request of
// the workers and of the launcher (PGlite's own); `--only=w` runs only that.
// Then the footprint (scripts/footprint.ts): resident memory of every process of `npm start` idle,
// under signed reads and 60 s later, on each database, then a second web server beside the first
// (what an extra web worker would cost); `--footprint` runs only that, and
// `--footprint-of=<dir>` measures the checkout in <dir> too, in the same run (a before/after);
// `--no-footprint` leaves it out (a throughput comparison).
// Only the standard run (every scenario, 5 s, 10 and 50 connections, one Node) writes docs/performance.md.
import "./require-supported-node";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { client, createLoggedInUser, type Credentials } from "../e2e/support/api-client";
import { demo, otherTenant } from "../e2e/support/fixtures";
import { cpuSeconds, serverPidsForPort, type LaunchOptions } from "../e2e/support/server";
import { hashPassword } from "../lib/core/crypto/password";
import { collectRequestParams } from "../lib/http/oauth/params";
import { signRequest } from "../lib/http/oauth/sign-request";
import { baseStringUri, matchSignature } from "../lib/http/oauth/signature";
import { seedDemo } from "../lib/seed/demo";
import { runMain, startBenchServer, type BenchServer, type Database } from "./bench-events";
import { FOOTPRINT_HEAD, formatFootprint, measureFootprint, type Footprint } from "./footprint";
import { ALLOW_UNSUPPORTED_NODE, isSupportedNode } from "./node-runtime";

const STANDARD_SECONDS = 5;
/** Before each line, on one connection: compiles the route and fills the caches, however slow the machine. */
const WARM_UP_REQUESTS = 200;
const STANDARD_CONNECTIONS = [10, 50];
const SMALL_DOMAIN_USERS = 1_000;
const LARGE_DOMAIN_USERS = 100_000;
const BULK_PASSWORD = "bench-password-1";
const PERFORMANCE_DOC = path.join(__dirname, "../docs/performance.md");
const MARKERS = { start: "<!-- bench:start -->", end: "<!-- bench:end -->" };
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const ONLY = option("only")?.split(",");
const CPU_PROFILE_DIR = option("cpu-prof");
const DURATION_SECONDS = Number(option("seconds") ?? STANDARD_SECONDS);
const CONNECTIONS = option("connections")?.split(",").map(Number) ?? STANDARD_CONNECTIONS;
/** Line (g): calls placed at once, each count measured CALL_ROUNDS times (the median is reported). */
const CALL_CONCURRENCY = [10, 40];
const CALL_ROUNDS = 5;
/** Line (g)'s target: set-ups per second at least this share of what the ring time allows (concurrency / ring). */
const CALL_TARGET = 0.75;
const FOOTPRINT_ONLY = process.argv.includes("--footprint");
/** Line (w): one web worker, then one per core (at least two). */
const WORKER_COUNTS = [1, Math.max(2, os.availableParallelism())];
const WORKER_CONNECTIONS = 50;
const FOOTPRINT_OF = option("footprint-of");

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
  /** Seconds, unless `amount` (requests) is given. */
  duration?: number;
  amount?: number;
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

/** A Node executable the server runs on. */
interface ServerNode {
  version: string;
  launch: LaunchOptions;
}

interface Row {
  database: Database;
  /** The server's Node version. */
  node: string;
  scenario: string;
  connections: number;
  /** Requests answered in the line's time; with none, latency and CPU are not known. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
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
        headers.authorization = signRequest({
          method: scenario.method,
          url: `${server.baseUrl}${requestPath}`,
          ...scenario.creds,
          body,
        }).authorization;
      }
      return { ...request, method: scenario.method, path: requestPath, headers, ...(body !== undefined ? { body } : {}) };
    },
  };
}

/** The process that started the web workers (the launcher, serving PGlite when embedded). */
function launcherPid(workerPid: number): number {
  const stat = fs.readFileSync(`/proc/${workerPid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** `connections` for DURATION_SECONDS, or for `amount` requests. */
async function measure(server: BenchServer, scenario: Scenario, connections: number, amount?: number) {
  const pids = serverPidsForPort(server.port);
  const launcher = [launcherPid(pids[0]!)];
  const cpuBefore = cpuSeconds(pids);
  const launcherCpuBefore = cpuSeconds(launcher);
  // Loopback only: the server listens on 127.0.0.1; Host names PUBLIC_URL's origin, as signed.
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}`,
    connections,
    ...(amount ? { amount } : { duration: DURATION_SECONDS }),
    requests: [signedRequest(server, scenario)],
  });
  return {
    requests: result.requests.total,
    requestsPerSecond: result.requests.total / DURATION_SECONDS,
    serverCpuMs: ((cpuSeconds(pids) - cpuBefore) * 1000) / result.requests.total,
    launcherCpuMs: ((cpuSeconds(launcher) - launcherCpuBefore) * 1000) / result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

interface CallRow {
  database: Database;
  node: string;
  concurrent: number;
  ringMs: number;
  /** Median over CALL_ROUNDS: from sending the first POST /calls to the last 201. */
  seconds: number;
  setupsPerSecond: number;
  /** setupsPerSecond against what the ring allows (concurrent / ring time). */
  ofRing: number;
  /** Median Next.js server CPU per set-up. */
  serverCpuMs: number;
  /** Answers other than 201, over all rounds. */
  failed: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Line (g): `concurrent` calls of one user placed at once between two ordinary simulated numbers
 * (answered after the ring), timed from the first request to the last 201; the calls are hung up
 * between rounds, outside the timing. A warm-up round first compiles the routes.
 */
async function benchCalls(server: BenchServer, database: Database, node: string): Promise<CallRow[]> {
  const app = client(server.baseUrl);
  const ringMs = Number(server.env.SIMULATOR_RING_MS ?? 300);
  const user = await app("POST", "/users", { json: { login: `bench-caller-${randomBytes(3).toString("hex")}`, password: BULK_PASSWORD } });
  if (user.status !== 201) throw new Error(`(g): creating the caller failed: ${user.status} ${user.text}`);
  const guid = user.body.entry.guid as string;
  const pids = serverPidsForPort(server.port);
  const round = async (concurrent: number) => {
    const cpuBefore = cpuSeconds(pids);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: concurrent }, () => app("POST", `/calls/${guid}`, { json: { legs: ["tel:+1 555 010 7777", "tel:+1 555 010 8888"] } })),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = ((cpuSeconds(pids) - cpuBefore) * 1000) / concurrent;
    const placed = answers.filter((a) => a.status === 201);
    await Promise.all(placed.map((a) => app("PUT", `/calls/${guid}/${a.body.entry.id}`, { json: { active: false } })));
    return { seconds, cpuMs, failed: concurrent - placed.length };
  };
  await round(5);
  const rows: CallRow[] = [];
  for (const concurrent of CALL_CONCURRENCY) {
    const rounds = [];
    for (let i = 0; i < CALL_ROUNDS; i++) rounds.push(await round(concurrent));
    const seconds = median(rounds.map((r) => r.seconds));
    const setupsPerSecond = concurrent / seconds;
    const row = {
      database,
      node,
      concurrent,
      ringMs,
      seconds,
      setupsPerSecond,
      ofRing: setupsPerSecond / (concurrent / (ringMs / 1000)),
      serverCpuMs: median(rounds.map((r) => r.cpuMs)),
      failed: rounds.reduce((sum, r) => sum + r.failed, 0),
    };
    console.log(formatCallRow(row));
    rows.push(row);
  }
  return rows;
}

interface WorkerRow {
  database: Database;
  workers: number;
  scenario: string;
  requestsPerSecond: number;
  p99: number;
  /** CPU per request of the web workers together, and of the launcher (PGlite runs in it). */
  serverCpuMs: number;
  launcherCpuMs: number;
  non2xx: number;
}

/**
 * Line (w): the floor and the signed list on 1 and N web workers of one server, restarted between
 * counts, measured in the order 1, N, N, 1 (a machine that drifts during the run favours neither);
 * each row is the mean of its two measurements.
 */
async function benchWorkers(database: Database): Promise<WorkerRow[]> {
  console.log(`\n[${database}] (w) web workers ${WORKER_COUNTS.join(" and ")}: seeding and starting a server...`);
  const server = await startBenchServer(database, { seed: (_prisma, pool) => seedUsers(pool, demo.domain, SMALL_DOMAIN_USERS) });
  try {
    const { creds: user } = await createLoggedInUser(server.baseUrl);
    const lines = scenarios(user).filter((s) => s.name.startsWith("(a)") || s.name.startsWith("(b)"));
    const runs = new Map<string, Array<Awaited<ReturnType<typeof measure>>>>();
    let running = 1;
    for (const workers of [WORKER_COUNTS[0]!, WORKER_COUNTS[1]!, WORKER_COUNTS[1]!, WORKER_COUNTS[0]!]) {
      if (workers !== running) {
        server.env.WEB_CONCURRENCY = String(workers);
        await server.restart();
        running = workers;
      }
      for (const scenario of lines) {
        await measure(server, scenario, WORKER_CONNECTIONS, WARM_UP_REQUESTS).catch(() => undefined);
        const key = `${workers}\t${scenario.name}`;
        runs.set(key, [...(runs.get(key) ?? []), await measure(server, scenario, WORKER_CONNECTIONS)]);
      }
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const rows = [...runs].map(([key, measured]): WorkerRow => {
      const [workers, scenario] = key.split("\t");
      return {
        database,
        workers: Number(workers),
        scenario: scenario!,
        requestsPerSecond: mean(measured.map((m) => m.requestsPerSecond)),
        p99: mean(measured.map((m) => m.p99)),
        serverCpuMs: mean(measured.map((m) => m.serverCpuMs)),
        launcherCpuMs: mean(measured.map((m) => m.launcherCpuMs)),
        non2xx: measured.reduce((sum, m) => sum + m.non2xx + m.errors, 0),
      };
    });
    rows.sort((a, b) => a.scenario.localeCompare(b.scenario) || a.workers - b.workers);
    rows.forEach((row) => console.log(formatWorkerRow(row, rows)));
    return rows;
  } finally {
    await server.stop();
  }
}

const WORKER_TABLE_HEAD =
  "| database | scenario | web workers | req/s | against 1 worker | p99 | workers' CPU per request | launcher's CPU per request | non-2xx |\n" +
  "|---|---|---|---|---|---|---|---|---|";
function formatWorkerRow(r: WorkerRow, rows: WorkerRow[]): string {
  const one = rows.find((o) => o.database === r.database && o.scenario === r.scenario && o.workers === 1);
  const ratio = one?.requestsPerSecond ? `${(r.requestsPerSecond / one.requestsPerSecond).toFixed(2)}×` : "n/a";
  return (
    `| ${r.database} | ${r.scenario} | ${r.workers} | ${r.requestsPerSecond.toFixed(0)} | ${ratio} | ${ms(r.p99)} ` +
    `| ${cpu(r.serverCpuMs)} | ${cpu(r.launcherCpuMs)} | ${r.non2xx} |`
  );
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
    {
      name: `(b) GET /users?count=20, two-legged, ${SMALL_DOMAIN_USERS.toLocaleString("en")} users`,
      method: "GET",
      path: () => "/users?count=20",
      creds: demoApp,
    },
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

/** `--node=<path>,...`, else this process's Node; an unsupported one (Node 20) is let through for the comparison. */
function serverNodes(): ServerNode[] {
  const nodeFlags = CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(CPU_PROFILE_DIR)}`] : [];
  return (option("node")?.split(",") ?? [process.execPath]).map((given) => {
    const node = path.resolve(given);
    const result = spawnSync(node, ["--version"], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`--node: ${given} is not a Node executable (${result.error?.message ?? result.stderr.trim()})`);
    const version = result.stdout.trim();
    return { version, launch: { node, nodeFlags, args: isSupportedNode(version) ? [] : [ALLOW_UNSUPPORTED_NODE] } };
  });
}

/** One seeded database; per connection count, every scenario on each Node in turn (a restart between Nodes); then line (g). */
async function benchDatabase(database: Database, nodes: ServerNode[]): Promise<{ rows: Row[]; calls: CallRow[] }> {
  console.log(`\n[${database}] seeding ${SMALL_DOMAIN_USERS + LARGE_DOMAIN_USERS} users and starting a server...`);
  const server = await startBenchServer(database, {
    launch: nodes[0]!.launch,
    seed: async (prisma, pool) => {
      await seedDemo(prisma, otherTenant);
      // The bulk users only matter to the user lists: `--only=g` (calls) starts without them.
      if (ONLY && ONLY.every((letter) => letter === "g")) return;
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
    let running = nodes[0]!;
    for (const [index, connections] of CONNECTIONS.entries()) {
      // Every other connection count in the reverse order: a machine that slows down or speeds up
      // during the run favours no Node, and the Node already running goes first (one restart fewer).
      for (const node of index % 2 ? [...nodes].reverse() : nodes) {
        if (node !== running) await server.restart(undefined, node.launch);
        running = node;
        for (const scenario of scenarios(user).filter((s) => !ONLY || ONLY.includes(s.name[1]!))) {
          await measure(server, scenario, 1, WARM_UP_REQUESTS).catch(() => undefined);
          const row = { database, node: node.version, scenario: scenario.name, connections, ...(await measure(server, scenario, connections)) };
          console.log(formatRow(row));
          rows.push(row);
        }
      }
    }
    const calls = !ONLY || ONLY.includes("g") ? await benchCalls(server, database, running.version) : [];
    return { rows, calls };
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
    if (matchSignature("GET", uri, params, params.oauth.oauth_signature!, secrets.consumerSecret, secrets.tokenSecret) !== "rfc")
      throw new Error("bad signature");
  };
  for (let i = 0; i < 2_000; i++) verify();
  const runs = 20_000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) verify();
  return Number(process.hrtime.bigint() - started) / 1000 / runs;
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const cpu = (n: number) => `${n.toFixed(2)} ms`;
/** "n/a" for a line no request completed in (a machine too busy for the line's time). */
const measured = (r: Row, format: (r: Row) => string) => (r.requests ? format(r) : "n/a");
const TABLE_HEAD =
  "| database | server Node | scenario | connections | req/s | p50 | p99 | non-2xx | server CPU |\n|---|---|---|---|---|---|---|---|---|";
const formatRow = (r: Row) =>
  `| ${r.database} | ${r.node} | ${r.scenario} | ${r.connections} | ${r.requestsPerSecond.toFixed(0)} ` +
  `| ${measured(r, (x) => ms(x.p50))} | ${measured(r, (x) => ms(x.p99))} | ${r.non2xx}${r.errors ? ` (+${r.errors} errors)` : ""} ` +
  `| ${measured(r, (x) => cpu(x.serverCpuMs))} |`;

/**
 * The same lines on each Node side by side ("24 / 20"), with the first Node's req/s against each
 * other's. A line measured more than once (`--connections=10,10`) pairs its first runs, then its second.
 */
function sideBySide(rows: Row[], nodes: string[]): string[] {
  const lines = [
    `| database | scenario | connections | req/s ${nodes.join(" / ")} | req/s ${nodes[0]} ` +
      `against ${nodes.slice(1).join(", ")} | p99 | server CPU per request |`,
    "|---|---|---|---|---|---|---|",
  ];
  const lineOf = (r: Row) => `${r.database} ${r.scenario} ${r.connections}`;
  const runsOf = (node: string, line: string) => rows.filter((r) => r.node === node && lineOf(r) === line);
  for (const first of rows.filter((r) => r.node === nodes[0])) {
    const run = runsOf(nodes[0]!, lineOf(first)).indexOf(first);
    const same = nodes.map((node) => runsOf(node, lineOf(first))[run]!);
    const change = same
      .slice(1)
      .map((r) =>
        first.requests && r.requests
          ? `${first.requestsPerSecond >= r.requestsPerSecond ? "+" : ""}${((100 * first.requestsPerSecond) / r.requestsPerSecond - 100).toFixed(0)}%`
          : "n/a",
      );
    const each = (format: (r: Row) => string) => same.map(format).join(" / ");
    lines.push(
      `| ${first.database} | ${first.scenario} | ${first.connections} | ${each((r) => r.requestsPerSecond.toFixed(0))} ` +
        `| ${change.join(", ")} | ${each((r) => measured(r, (x) => ms(x.p99)))} | ${each((r) => measured(r, (x) => cpu(x.serverCpuMs)))} ` +
        `|`,
    );
  }
  return lines;
}

const CALL_TABLE_HEAD =
  "| database | server Node | concurrent POST /calls | ring | time (median) | set-ups/s | of " +
  "what the ring allows | server CPU per set-up | not 201 " +
  "|\n|---|---|---|---|---|---|---|---|---|";
const formatCallRow = (r: CallRow) =>
  `| ${r.database} | ${r.node} | ${r.concurrent} | ${r.ringMs} ms | ${r.seconds.toFixed(2)} s ` +
  `| ${r.setupsPerSecond.toFixed(1)} | ${(100 * r.ofRing).toFixed(0)}% | ${cpu(r.serverCpuMs)} ` +
  `| ${r.failed} |`;

/** `npm start` of this checkout on each database (and of --footprint-of's, first, on PGlite). */
async function footprints(databases: Database[]): Promise<Footprint[]> {
  console.log(`\nFootprint: \`npm start\`, idle, under load, 60 s later (about 2 minutes each)\n${FOOTPRINT_HEAD}`);
  const runs: Array<[string, { cwd?: string; postgresUrl?: string }]> = [
    ...(FOOTPRINT_OF
      ? [[`PGlite, ${path.basename(path.resolve(FOOTPRINT_OF))}`, { cwd: path.resolve(FOOTPRINT_OF) }] as [string, { cwd: string }]]
      : []),
    ...databases.map((database): [string, { postgresUrl?: string }] => [
      database === "pglite" ? "PGlite" : "PostgreSQL",
      database === "postgres" ? { postgresUrl: process.env.TEST_DATABASE_URL } : {},
    ]),
  ];
  const results: Footprint[] = [];
  for (const [label, options] of runs) {
    const result = await measureFootprint(label, { ...options, extraServer: true });
    console.log(formatFootprint(result));
    results.push(result);
  }
  return results;
}

function footprintSection(results: Footprint[]): string[] {
  return [
    "",
    "Footprint (issue 30): every process of `npm start` (npm, its shell, the launcher serving PGlite, the",
    "web server), in a fresh data directory (or a fresh PostgreSQL database, whose own memory is not",
    "counted), idle 5 s after the banner, at the highest total while signed `GET /users?count=20` ran, and",
    "60 s after. RSS counts node's shared code in every process; PSS splits it (what the machine spends).",
    "",
    FOOTPRINT_HEAD,
    ...results.map(formatFootprint),
  ];
}

function report(
  rows: Row[],
  calls: CallRow[],
  workerRows: WorkerRow[],
  oauthMicros: number,
  databases: string,
  nodes: string[],
  footprint: Footprint[],
): string {
  return [
    MARKERS.start,
    `## REST: \`npm run bench\` (${new Date().toISOString().slice(0, 10)})`,
    "",
    `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown CPU"}), the server on ` +
      `Node ${nodes.join(" and ")}, autocannon on Node ${process.version},`,
    `${databases}; server and autocannon on the same machine over loopback; ${DURATION_SECONDS} s per line after a`,
    `warm-up of ${WARM_UP_REQUESTS} requests on one connection. Signed lines get a fresh nonce and timestamp per`,
    'request. (a) is the floor (OPTIONS: routing only, no OAuth, no database). "server CPU" is the',
    "Next.js server processes' CPU time per request (PGlite's own runs in the launcher).",
    "",
    ...(nodes.length > 1 ? [...sideBySide(rows, nodes), ""] : []),
    TABLE_HEAD,
    ...rows.map(formatRow),
    "",
    ...(calls.length
      ? [
          `(g) Calls: concurrent POST /calls of one user between two simulated numbers that answer after the ring; each count ${CALL_ROUNDS} rounds`,
          `(the median), the calls hung up between rounds. What the ring allows: every call answered one ring after it was sent`,
          `(concurrent / ring set-ups per second); target: 40 concurrent at ${100 * CALL_TARGET}% of it or more.`,
          "",
          CALL_TABLE_HEAD,
          ...calls.map(formatCallRow),
          "",
        ]
      : []),
    ...(workerRows.length
      ? [
          `(w) Web workers (WEB_CONCURRENCY, issue 29): the floor and the signed list at ${WORKER_CONNECTIONS} connections on 1 and ` +
            `${WORKER_COUNTS[1]} workers, each the mean of two ${DURATION_SECONDS} s runs (order 1, ${WORKER_COUNTS[1]}, ${WORKER_COUNTS[1]}, 1);`,
          "autocannon shares the cores. Target on 2 cores: the signed list at 1.4× one worker's req/s or more.",
          "",
          WORKER_TABLE_HEAD,
          ...workerRows.map((row) => formatWorkerRow(row, workerRows)),
          "",
        ]
      : []),
    `OAuth verification CPU (parse header and query, base string, HMAC-SHA1, constant-time compare):`,
    `**${oauthMicros.toFixed(1)} µs per request** (target: under 200 µs).`,
    ...footprintSection(footprint),
    MARKERS.end,
  ].join("\n");
}

function writeReport(section: string) {
  const doc = fs.readFileSync(PERFORMANCE_DOC, "utf8");
  const start = doc.indexOf(MARKERS.start);
  const end = doc.indexOf(MARKERS.end);
  const updated =
    start >= 0 && end > start ? doc.slice(0, start) + section + doc.slice(end + MARKERS.end.length) : `${doc.trimEnd()}\n\n${section}\n`;
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
  if (!(DURATION_SECONDS > 0)) throw new Error(`--seconds takes a number of seconds above 0, not "${option("seconds")}"`);
  if (!CONNECTIONS.every((n) => Number.isInteger(n) && n > 0))
    throw new Error(`--connections takes counts above 0 like 10,50, not "${option("connections")}"`);
  const oauthMicros = oauthVerificationMicros();
  console.log(`OAuth verification CPU: ${oauthMicros.toFixed(1)} µs per request (target: under 200 µs)`);
  buildIfMissing();
  const databases: Database[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
  if (!process.env.TEST_DATABASE_URL) console.log("TEST_DATABASE_URL is not set: PostgreSQL skipped.");
  const nodes = serverNodes();
  const rows: Row[] = [];
  const calls: CallRow[] = [];
  const workerRows: WorkerRow[] = [];
  if (!FOOTPRINT_ONLY) {
    console.log(`\n${TABLE_HEAD}`);
    for (const database of databases) {
      if (!ONLY || ONLY.some((letter) => letter !== "w")) {
        const measured = await benchDatabase(database, nodes);
        rows.push(...measured.rows);
        calls.push(...measured.calls);
      }
      if (!ONLY || ONLY.includes("w")) workerRows.push(...(await benchWorkers(database)));
    }
  }
  const footprint = process.argv.includes("--no-footprint") ? [] : await footprints(databases);
  if (FOOTPRINT_ONLY) return;
  const versions = nodes.map((n) => n.version);
  const section = report(
    rows,
    calls,
    workerRows,
    oauthMicros,
    databases.includes("postgres") ? "PGlite and PostgreSQL 15 on 127.0.0.1" : "PGlite",
    versions,
    footprint,
  );
  console.log(`\n${section}`);
  const standard =
    !ONLY && !option("connections") && DURATION_SECONDS === STANDARD_SECONDS && nodes.length === 1 && !FOOTPRINT_OF && footprint.length > 0;
  if (!process.argv.includes("--no-write") && standard) writeReport(section);
}

runMain(main);
