// npm run bench:events [-- <api events> <backlog events>]: webhook delivery on PGlite and (when
// TEST_DATABASE_URL is set) on PostgreSQL, to a receiver on 127.0.0.1 answering 200 at once.
//  - api: test events published through the signed REST API by 16 concurrent clients; events/s
//    from the first publish to the last delivery, latency from the publishing response to arrival.
//  - backlog (fan-out capacity): events written into the outbox with publishEvent while the server
//    is stopped (PGlite allows one process per data directory), then the server is started and
//    drains them; events/s from the first delivery to the last.
// Every run counts lost (never delivered) and duplicated (delivered twice) events.
import "./require-supported-node";
import { reloadConfig } from "../lib/core/config";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { client } from "../e2e/support/api-client";
import { demo } from "../e2e/support/fixtures";
import { startReceiver } from "../e2e/support/receiver";
import { freePort, launch, serverEnv, stopProcess, waitUntilHealthy, type LaunchOptions } from "../e2e/support/server";
import { startEmbeddedDatabase } from "../lib/core/db/embedded";
import { migrate } from "../lib/core/db/migrate";
import { publishEvent } from "../lib/outbox/publish";
import { seedDemo } from "../lib/seed/demo";

// --- Shared with scripts/bench.ts: servers started as the tests start them, always cleaned up ---

const cleanups: Array<() => Promise<unknown>> = [];

/** Runs `fn` on exit, Ctrl-C or failure (last registered first); returns a function running it now. */
export function onCleanup(fn: () => Promise<unknown>): () => Promise<void> {
  cleanups.push(fn);
  return async () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
    await fn();
  };
}

export async function cleanUp(): Promise<void> {
  while (cleanups.length) await cleanups.pop()!().catch((error) => console.error(`cleanup: ${String(error)}`));
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers and removing temporary files...`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** Runs a benchmark's main function, cleaning up whatever it leaves behind even when it fails. */
export function runMain(main: () => Promise<void>): void {
  main()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => {
      await cleanUp();
      process.exit();
    });
}

export type Database = "pglite" | "postgres";

export interface BenchServer {
  database: Database;
  /** http://localhost:<port>, which PUBLIC_URL names (OAuth signatures cover it). */
  baseUrl: string;
  port: number;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  /** Opens the database while the server is stopped (PGlite allows one process). */
  withDatabase: <T>(fn: (prisma: PrismaClient, pool: pg.Pool) => Promise<T>) => Promise<T>;
  /** Stops the server, runs `between`, starts it again: with `launch` when given (e.g. on another Node). */
  restart: (between?: () => Promise<void>, launch?: LaunchOptions) => Promise<void>;
  stop: () => Promise<void>;
}

async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const name = `switchboard_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  onCleanup(async () => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The production server started as the API tests start it (scripts/start.ts on 127.0.0.1, a
 * throwaway data directory, or a fresh PostgreSQL database dropped afterwards), after `seed` has
 * written to the migrated, demo-seeded database.
 */
export async function startBenchServer(
  database: Database,
  options: { seed?: (prisma: PrismaClient, pool: pg.Pool) => Promise<void>; env?: Record<string, string>; launch?: LaunchOptions } = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-bench-"));
  onCleanup(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const postgresUrl = database === "postgres" ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!) : "";
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...serverEnv({ port, dataDir, databaseUrl: postgresUrl }), ...options.env };
  const withDatabase = async <T>(fn: (prisma: PrismaClient, pool: pg.Pool) => Promise<T>): Promise<T> => {
    process.env.ENCRYPTION_KEY = env.ENCRYPTION_KEY;
    process.env.PUBLIC_URL = env.PUBLIC_URL;
    reloadConfig();
    const embedded = postgresUrl ? undefined : await startEmbeddedDatabase(dataDir);
    const pool = new pg.Pool({ connectionString: postgresUrl || embedded!.url, max: 1 });
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    try {
      return await fn(prisma, pool);
    } finally {
      await prisma.$disconnect();
      await pool.end();
      await embedded?.stop();
    }
  };
  await withDatabase(async (prisma, pool) => {
    await migrate(pool);
    await seedDemo(prisma, demo);
    await options.seed?.(prisma, pool);
  });
  const log = path.join(dataDir, "server.log");
  let stopChild = async () => {};
  const launchAndWait = async (launchOptions = options.launch) => {
    const child = launch(env, log, launchOptions);
    stopChild = onCleanup(() => stopProcess(child));
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, log);
  };
  await launchAndWait();
  return {
    database,
    baseUrl: env.PUBLIC_URL!,
    port,
    env,
    dataDir,
    withDatabase,
    restart: async (between, launchOptions) => {
      await stopChild();
      await between?.();
      await launchAndWait(launchOptions);
    },
    stop: cleanUp,
  };
}

// --- The events benchmark ---

const API_EVENTS = Number(process.argv[2] ?? 1000);
const BACKLOG_EVENTS = Number(process.argv[3] ?? 5000);
const PUBLISHERS = 16;
const APP_ID = `${demo.domain}:${demo.appName}`;
const demoApp = { consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret };

interface Row {
  database: Database;
  mode: "api" | "backlog";
  events: number;
  publishedPerSecond?: number;
  deliveredPerSecond: number;
  p50?: number;
  p99?: number;
  lost: number;
  duplicated: number;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A receiver on 127.0.0.1 noting each event's first arrival and how many times each came. */
async function timingReceiver() {
  const firstArrival = new Map<string, number>();
  const receiver = await startReceiver((event) => {
    if (!firstArrival.has(event.id)) firstArrival.set(event.id, performance.now());
    return { status: 200 };
  });
  onCleanup(() => receiver.close());
  const outcome = async (ids: string[], timeoutMs = 300_000) => {
    const deadline = Date.now() + timeoutMs;
    while (ids.some((id) => !firstArrival.has(id)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 1000)); // room for a duplicate to arrive
    const counts = receiver.deliveredIds();
    const arrivals = ids.flatMap((id) => firstArrival.get(id) ?? []);
    return {
      lost: ids.filter((id) => !firstArrival.has(id)).length,
      duplicated: ids.filter((id) => (counts.get(id) ?? 0) > 1).length,
      first: Math.min(...arrivals),
      last: Math.max(...arrivals),
    };
  };
  return { url: receiver.url, firstArrival, outcome };
}
type Sink = Awaited<ReturnType<typeof timingReceiver>>;

async function apiRun(server: BenchServer, sink: Sink): Promise<Row> {
  const api = client(server.baseUrl, demoApp);
  const published = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next++ < API_EVENTS) {
        const res = await api("POST", `/apps/${APP_ID}/events/test`);
        if (res.status !== 201) throw new Error(`publish failed: ${res.status} ${res.text}`);
        published.set(res.body.entry.id, performance.now());
      }
    }),
  );
  const publishSeconds = (performance.now() - started) / 1000;
  const ids = [...published.keys()];
  const { lost, duplicated, last } = await sink.outcome(ids);
  const latencies = ids.filter((id) => sink.firstArrival.has(id)).map((id) => sink.firstArrival.get(id)! - published.get(id)!);
  latencies.sort((a, b) => a - b);
  return {
    database: server.database,
    mode: "api",
    events: ids.length,
    publishedPerSecond: ids.length / publishSeconds,
    deliveredPerSecond: (ids.length - lost) / ((last - started) / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    lost,
    duplicated,
  };
}

/** Writes `count` events into the outbox with the product's publishEvent, 500 per transaction. */
function publishBacklog(server: BenchServer, count: number): Promise<string[]> {
  return server.withDatabase(async (prisma) => {
    const { id: applicationId } = await prisma.application.findFirstOrThrow({ where: { name: demo.appName } });
    const ids: string[] = [];
    while (ids.length < count) {
      const chunk = Math.min(500, count - ids.length);
      const payloads = await prisma.$transaction(
        async (tx) => {
          const out = [];
          for (let i = 0; i < chunk; i++) {
            out.push(await publishEvent(tx, { applicationId, type: "TestEvent", resourcePath: `/apps/${APP_ID}`, params: { n: ids.length + i } }));
          }
          return out;
        },
        { timeout: 120_000 },
      );
      ids.push(...payloads.map((p) => p.id));
    }
    return ids;
  });
}

async function backlogRun(server: BenchServer, sink: Sink): Promise<Row> {
  let ids: string[] = [];
  await server.restart(async () => {
    ids = await publishBacklog(server, BACKLOG_EVENTS);
    console.log(`[${server.database}] ${ids.length} events in the outbox; starting the server again`);
  });
  const { lost, duplicated, first, last } = await sink.outcome(ids);
  return {
    database: server.database,
    mode: "backlog",
    events: ids.length,
    deliveredPerSecond: (ids.length - lost) / ((last - first) / 1000),
    lost,
    duplicated,
  };
}

async function bench(database: Database): Promise<Row[]> {
  console.log(`\n[${database}] starting a server...`);
  const sink = await timingReceiver();
  const server = await startBenchServer(database, {
    seed: async (prisma) => {
      await prisma.application.updateMany({ where: { name: demo.appName }, data: { notificationUrl: sink.url } });
    },
    // Production delivery settings (private targets are allowed by default on a loopback-bound server).
    env: { DELIVERY_INTERVAL_MS: "2000", WEBHOOK_TIMEOUT_MS: "15000", WEBHOOK_RETRY_SCHEDULE: "5s,5m,30m,2h,5h,10h,10h" },
  });
  try {
    const warmUp = await client(server.baseUrl, demoApp)("POST", `/apps/${APP_ID}/events/test`);
    if (warmUp.status !== 201) throw new Error(`publish failed: ${warmUp.status} ${warmUp.text}`);
    await sink.outcome([warmUp.body.entry.id], 30_000);
    const apiRow = await apiRun(server, sink);
    console.log(`[${database}] api: ${apiRow.deliveredPerSecond.toFixed(0)} delivered/s`);
    const backlogRow = await backlogRun(server, sink);
    console.log(`[${database}] backlog: ${backlogRow.deliveredPerSecond.toFixed(0)} delivered/s`);
    return [apiRow, backlogRow];
  } finally {
    await server.stop();
  }
}

const fixed = (n: number | undefined, unit = "") => (n === undefined ? "" : `${n.toFixed(0)}${unit}`);

function eventsTable(rows: Row[]): string {
  return [
    "| database | mode | events | published/s | delivered/s | latency p50 | p99 | lost | duplicated |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.mode} | ${r.events} | ${fixed(r.publishedPerSecond)} | ${fixed(r.deliveredPerSecond)} ` +
        `| ${fixed(r.p50, " ms")} | ${fixed(r.p99, " ms")} | ${r.lost} | ${r.duplicated} |`,
    ),
  ].join("\n");
}

async function main() {
  const rows = await bench("pglite");
  if (process.env.TEST_DATABASE_URL) rows.push(...(await bench("postgres")));
  else console.log("\nTEST_DATABASE_URL is not set: PostgreSQL skipped.");
  console.log(`\n${eventsTable(rows)}`);
  if (rows.some((r) => r.lost || r.duplicated)) process.exitCode = 1;
}

if (fs.realpathSync(process.argv[1]!) === fs.realpathSync(__filename)) runMain(main);
