import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import packageJson from "@/package.json";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { reloadConfig } from "@/lib/core/config";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded";
import { migrate } from "@/lib/core/db/migrate";
import { seedDemo } from "@/lib/seed/demo";
import { encryptSecret } from "@/lib/core/crypto/secret-box";
import { copyPgliteTemplate, copyPostgresTemplate, createFreshDatabase, runTemplate } from "./database-copy";
import { otherTenant, specialApps } from "./fixtures";
import { freePort, testServerEnv } from "./server-env";

export { freePort, serverEnv, testServerEnv } from "./server-env";
export { createFreshDatabase } from "./database-copy";

export interface TestServer {
  baseUrl: string;
  database: "pglite" | "postgres";
  dataDir: string;
  /** The launcher's environment, to restart the same server (e.g. after kill -9). */
  env: NodeJS.ProcessEnv;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts the product exactly as `npm start` does, on a free port with a throwaway database. */
export async function startServer(
  options: { postgresUrl?: string; port?: number; log?: string; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-test-"));
  // In the API suite, a copy of its migrated and seeded template when it is on the same database
  // server (e2e/support/database-template.ts): a fresh PGlite alone takes about 5 s to create.
  const run = runTemplate();
  const template = run && (options.postgresUrl ? run.postgres?.serverUrl === options.postgresUrl : run.pgliteDir) ? run : undefined;
  const fresh = options.postgresUrl ? await (template ? copyPostgresTemplate(template) : createFreshDatabase(options.postgresUrl)) : undefined;
  if (template && !options.postgresUrl) copyPgliteTemplate(template, dataDir);
  const secrets = template ? { ENCRYPTION_KEY: template.encryptionKey, AUTH_SECRET: template.authSecret } : {};
  const env: NodeJS.ProcessEnv = { ...testServerEnv({ port, dataDir, databaseUrl: fresh?.url ?? "" }), ...secrets, ...options.env };
  const logFile = options.log ?? path.join(dataDir, "server.log");
  let child: ChildProcess | undefined;
  try {
    if (!template) await seedOtherTenant(env);
    child = launch(env, logFile);
    await waitUntilHealthy(`http://127.0.0.1:${port}`, child, logFile);
  } catch (error) {
    // A server that never came up leaves nothing behind either: process, database, folder.
    if (child) await stopProcess(child);
    await fresh?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server: TestServer = {
    baseUrl: `http://localhost:${port}`,
    database: fresh ? "postgres" : "pglite",
    dataDir,
    env,
    process: child,
    // Stops the launcher running now: a test that restarts the server replaces `process`.
    stop: async () => {
      await stopProcess(server.process);
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * A second developer with its own domain and application, for cross-domain tests. Written with the
 * product's own migrator and seed functions before the server starts (PGlite allows one process).
 */
async function seedOtherTenant(env: NodeJS.ProcessEnv): Promise<void> {
  await withEncryptionKey(env.ENCRYPTION_KEY!, async () => {
    const embedded = env.DATABASE_URL ? undefined : await startEmbeddedDatabase(env.DATA_DIR!);
    try {
      await migrateAndSeed(env.DATABASE_URL || embedded!.url, seedOtherTenantWith);
    } finally {
      await embedded?.stop();
    }
  });
}

/** Runs `run` with this process's ENCRYPTION_KEY set to `key` (what a seed encrypts with), then restores it. */
export async function withEncryptionKey<T>(key: string, run: () => Promise<T>): Promise<T> {
  const saved = process.env.ENCRYPTION_KEY;
  process.env.ENCRYPTION_KEY = key;
  reloadConfig();
  try {
    return await run();
  } finally {
    if (saved === undefined) delete process.env.ENCRYPTION_KEY;
    else process.env.ENCRYPTION_KEY = saved;
    reloadConfig();
  }
}

/** Applies the migrations to the database at `url`, then runs `seed` with a client of it. */
export async function migrateAndSeed(url: string, seed: (prisma: PrismaClient) => Promise<void>): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(pool);
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    await seed(prisma);
    await prisma.$disconnect();
  } finally {
    await pool.end();
  }
}

/** The other tenant and the special applications, written with `prisma` on a migrated database (ENCRYPTION_KEY set). */
export async function seedOtherTenantWith(prisma: PrismaClient): Promise<void> {
  const other = await seedDemo(prisma, otherTenant);
  // The seed makes its application a test tool (docs/calls.md); the other tenant's is an ordinary one.
  await prisma.application.update({ where: { consumerKey: otherTenant.consumerKey }, data: { testTool: false } });
  // Two more applications in the other domain with the flags the auth tests need.
  const domain = await prisma.domain.findUniqueOrThrow({ where: { name: other.domain } });
  const developer = await prisma.developer.findUniqueOrThrow({ where: { email: otherTenant.developerEmail } });
  const apps: Array<{ name: string; consumerKey: string; consumerSecret: string; webhookSecret?: string }> = [
    specialApps.suspended,
    specialApps.noTwoLegged,
    specialApps.events,
    specialApps.signedBodies,
    specialApps.legacy,
    specialApps.testTool,
    specialApps.watch,
  ];
  for (const app of apps) {
    await prisma.application.create({
      data: {
        domainId: domain.id,
        name: app.name,
        consumerKey: app.consumerKey,
        consumerSecretEnc: encryptSecret(app.consumerSecret),
        webhookSecretEnc: app.webhookSecret ? encryptSecret(app.webhookSecret) : undefined,
        createdById: developer.id,
        suspended: app === specialApps.suspended,
        allow2legged: app !== specialApps.noTwoLegged,
        requireSignedBodies: app === specialApps.signedBodies,
        testTool: app === specialApps.testTool,
        ...(app === specialApps.legacy
          ? { allowJsonTunnel: true, legacyOAuth10: true, serviceProvider: true, callbackUrlPrefixes: ["http://127.0.0.1/"] }
          : {}),
      },
    });
  }
}

export interface TwoInstances {
  first: TestServer;
  /** The second instance's base URL: the first's environment (same database) on its own port. */
  secondUrl: string;
  /** Stops both (either may have failed to start). */
  stop: () => Promise<void>;
}

/** Two app instances on one fresh PostgreSQL database, as a deployment with two processes runs. */
export async function startTwoInstances(postgresUrl: string, env?: Record<string, string>): Promise<TwoInstances> {
  const first = await startServer({ postgresUrl, env });
  const port = await freePort();
  const log = path.join(first.dataDir, "second.log");
  const second = launch({ ...first.env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` }, log);
  const stop = async () => {
    await stopProcess(second);
    await first.stop();
  };
  try {
    await waitUntilHealthy(`http://127.0.0.1:${port}`, second, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { first, secondUrl: `http://localhost:${port}`, stop };
}

export interface LaunchOptions {
  /** The Node executable; by default the one running this process. */
  node?: string;
  nodeFlags?: string[];
  /** Arguments of scripts/start.ts itself. */
  args?: string[];
}

/** What `npm start` runs after `node`: its memory flags and scripts/launch.mjs (package.json). */
// "exec node <flags> scripts/launch.mjs": what follows node.
export const START_ARGS = packageJson.scripts.start
  .split(" ")
  .filter((word: string) => word !== "exec")
  .slice(1);

export function launch(
  env: NodeJS.ProcessEnv,
  logFile: string,
  { node = process.execPath, nodeFlags = [], args = [] }: LaunchOptions = {},
): ChildProcess {
  const out = fs.openSync(logFile, "a");
  // Run from the project root (where the test runners start), as `npm start` runs it: the compiled
  // launcher on `node` (scripts/launch.mjs), so a signal sent to this process reaches the launcher itself.
  return spawn(node, [...nodeFlags, ...START_ARGS, ...args], {
    env,
    stdio: ["ignore", out, out],
  });
}

export async function waitUntilHealthy(origin: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode}:\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`);
    }
    try {
      if ((await fetch(`${origin}/rest/1.0/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy in time:\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`);
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill(signal);
  // The launcher gives the server 5 s to finish; past 15 s something is stuck: kill it.
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

const readProc = (pid: number | string, file: string) => fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
/** "" for a process that ended meanwhile or is not ours to read. */
const tryReadProc = (pid: number | string, file: string) => {
  try {
    return readProc(pid, file);
  } catch {
    return "";
  }
};
const processIds = () => fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
const isNextServer = (pid: number | string) =>
  /next-server|next\/dist\/bin\/next|scripts\/serve\.ts|\.build\/serve\.js/.test(tryReadProc(pid, "cmdline"));

/** The pids of every process below `pid` (read from /proc, so Linux only). */
export function descendantPids(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const name of processIds()) {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after the last ")".
    const stat = tryReadProc(name, "stat");
    if (stat) parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
  }
  const found: number[] = [];
  for (let frontier = [pid]; frontier.length;) {
    frontier = [...parentOf].filter(([, parent]) => frontier.includes(parent)).map(([child]) => child);
    found.push(...frontier);
  }
  return found;
}

/** The Next.js server process the launcher `launcherPid` started. */
export function nextServerPid(launcherPid: number): number {
  const pid = descendantPids(launcherPid).find((candidate) => isNextServer(candidate));
  if (!pid) throw new Error(`No Next.js server process below ${launcherPid}`);
  return pid;
}

/** The server processes (a wrapper and the server itself) started for PORT=`port`, e.g. by Playwright's webServer. */
export function serverPidsForPort(port: number): number[] {
  const pids = processIds().filter((candidate) => isNextServer(candidate) && tryReadProc(candidate, "environ").split("\0").includes(`PORT=${port}`));
  if (!pids.length) throw new Error(`No Next.js server process with PORT=${port}`);
  return pids.map(Number);
}

/** CPU time (user + system) the processes have used so far, in seconds. */
export function cpuSeconds(pids: number[]): number {
  return pids.reduce((total, pid) => {
    const fields = readProc(pid, "stat").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return total + (Number(fields[11]) + Number(fields[12])) / 100;
  }, 0);
}
