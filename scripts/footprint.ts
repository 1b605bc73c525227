// The footprint line of `npm run bench` (issue 30): resident memory of every process of a deployment
// started as a user starts it (`npm start` in a fresh data directory, or on a fresh PostgreSQL
// database), idle after start, under signed reads, and 60 s after them; then a second web server
// beside the first, measured alone the same way (what an extra web worker costs). Linux only (/proc).
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { demo } from "../e2e/support/fixtures";
import { createFreshDatabase, descendantPids, freePort, serverEnv, waitUntilHealthy } from "../e2e/support/server";
import { signRequest } from "../lib/http/oauth/sign-request";
import { onCleanup } from "./bench-events";

/** What each process is, from its command line. */
export type Role = "npm" | "sh" | "launcher" | "server" | "tsx" | "esbuild" | "other";

export interface Sample {
  /** Resident memory (VmRSS) per role, MB; shared pages (node's own code) count in each process. */
  rss: Partial<Record<Role, number>>;
  /** Proportional set size per role, MB: shared pages split between the processes that map them. */
  pss: Partial<Record<Role, number>>;
}

export interface Footprint {
  label: string;
  idle: Sample;
  /** The highest total seen while the load ran (each role at that moment). */
  load: Sample;
  after: Sample;
  requests: number;
  non2xx: number;
  /**
   * A second web server (.build/serve.js) started beside the first on the same database, as another
   * web worker would be (one server per deployment today): its RSS idle, at its peak under the same
   * load sent to it alone, and 60 s after, MB.
   */
  extraServer?: { idle: number; load: number; after: number; requests: number };
}

export const LOAD_SECONDS = 10;
export const LOAD_CONNECTIONS = 50;
export const SETTLE_SECONDS = 60;

const autocannon = createRequire(__filename)("autocannon") as (options: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{ setupRequest: (request: object) => object }>;
}) => Promise<{ requests: { total: number }; non2xx: number }>;

const read = (pid: number, file: string) => {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return "";
  }
};
const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);

function roleOf(pid: number): Role {
  const command = read(pid, "cmdline").replaceAll("\0", " ");
  if (/esbuild/.test(command)) return "esbuild";
  if (/serve\.(js|ts)/.test(command)) return "server";
  // tsx's CLI, a wrapper process that starts node with its loader (npm start before issue 30).
  if (/\.bin\/tsx |tsx\/dist\/cli/.test(command)) return "tsx";
  if (/^sh /.test(command)) return "sh";
  if (/launch\.mjs|scripts\/start\.ts/.test(command)) return "launcher";
  if (/npm/.test(command)) return "npm";
  return "other";
}

/** Every process from `root` down, summed by role. */
export function sample(root: number): Sample {
  const result: Sample = { rss: {}, pss: {} };
  for (const pid of [root, ...descendantPids(root)]) {
    const role = roleOf(pid);
    const rss = kb(read(pid, "status"), "VmRSS") / 1024;
    const pss = kb(read(pid, "smaps_rollup"), "Pss") / 1024;
    result.rss[role] = (result.rss[role] ?? 0) + rss;
    result.pss[role] = (result.pss[role] ?? 0) + pss;
  }
  return result;
}

export const total = (values: Partial<Record<Role, number>>) => Object.values(values).reduce((sum, value) => sum + (value ?? 0), 0);

/** Signed two-legged `GET /users?count=20` by the demo application at `port`, each request fresh. */
export function signedReads(port: number) {
  const baseUrl = `http://localhost:${port}`;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    requests: [
      {
        setupRequest: (request) => {
          const requestPath = "/rest/1.0/users?count=20";
          const { authorization } = signRequest({
            method: "GET",
            url: `${baseUrl}${requestPath}`,
            consumerKey: demo.consumerKey,
            consumerSecret: demo.consumerSecret,
          });
          return { ...request, method: "GET", path: requestPath, headers: { host: `localhost:${port}`, authorization } };
        },
      },
    ],
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const rssMb = (pid: number) => kb(read(pid, "status"), "VmRSS") / 1024;

/** The running web server under `root`: its node executable, arguments, environment and folder. */
export function serverCommandOf(root: number): { executable: string; args: string[]; env: Record<string, string>; cwd: string } | undefined {
  const serverPid = descendantPids(root).find((pid) => roleOf(pid) === "server");
  if (!serverPid) return undefined;
  const [executable, ...args] = read(serverPid, "cmdline").split("\0").filter(Boolean);
  const env: Record<string, string> = Object.fromEntries(
    read(serverPid, "environ")
      .split("\0")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
  return { executable: executable!, args, env, cwd: fs.readlinkSync(`/proc/${serverPid}/cwd`) };
}

/** Starts another `.build/serve.js` like the one under `root`, on `port`, with extra node flags and environment. */
export function spawnExtraServer(root: number, port: number, options: { flags?: string[]; env?: Record<string, string>; logFile: string }) {
  const command = serverCommandOf(root);
  if (!command) return undefined;
  const args = [...command.args];
  const at = args.findIndex((a) => /serve\.js$/.test(a));
  args.splice(at + 1, 1, String(port));
  args.splice(at, 0, ...(options.flags ?? []));
  const log = fs.openSync(options.logFile, "a");
  // A web worker's environment names its cluster primary (NODE_UNIQUE_ID): this one runs alone.
  const workerEnv = Object.fromEntries(Object.entries(command.env).filter(([name]) => name !== "NODE_UNIQUE_ID"));
  const server = spawn(command.executable, args, {
    cwd: command.cwd,
    env: { ...process.env, ...workerEnv, ...options.env, PORT: String(port) },
    stdio: ["ignore", log, log],
  });
  const stop = onCleanup(async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  });
  return { server, stop };
}

/**
 * A second `.build/serve.js` beside the deployment's server, with its command line and environment
 * (so on the same database: the launcher's socket serves many clients), on another port, as worker 2
 * (no job scheduler on PGlite): what each extra web worker adds. Idle 5 s after it is healthy, its
 * peak under the signed reads sent to it alone, and 60 s after.
 */
async function measureExtraServer(root: number): Promise<Footprint["extraServer"]> {
  const port = await freePort();
  const logFile = path.join(os.tmpdir(), `switchboard-extra-server-${process.pid}.log`);
  onCleanup(async () => fs.rmSync(logFile, { force: true }));
  // As the launcher starts a second web worker: on PGlite only the first one runs the job scheduler
  // (scripts/start.ts); on PostgreSQL the advisory lock leaves this one standing by either way.
  const embedded = serverCommandOf(root)?.env.DB_EMBEDDED === "1";
  const started = spawnExtraServer(root, port, { logFile, env: { WEB_WORKER_SLOT: "1", ...(embedded ? { DELIVERY_SCHEDULER: "off" } : {}) } });
  if (!started) return undefined;
  const { server, stop } = started;
  await waitUntilHealthy(`http://127.0.0.1:${port}`, server, logFile);
  await sleep(5_000);
  const idle = rssMb(server.pid!);
  let load = idle;
  const sampler = setInterval(() => (load = Math.max(load, rssMb(server.pid!))), 500);
  const result = await signedReads(port);
  clearInterval(sampler);
  await sleep(SETTLE_SECONDS * 1000);
  const after = rssMb(server.pid!);
  await stop();
  return { idle, load, after, requests: result.requests.total };
}

/** `npm start` in `cwd` (or this checkout) in a fresh data directory or PostgreSQL database, up to its banner. */
export async function startDeployment(options: { cwd?: string; postgresUrl?: string; env?: Record<string, string> } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-footprint-"));
  onCleanup(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const fresh = options.postgresUrl ? await createFreshDatabase(options.postgresUrl) : undefined;
  if (fresh) onCleanup(fresh.drop);
  const env = { ...serverEnv({ port, dataDir, databaseUrl: fresh?.url ?? "" }), ...options.env };
  const logFile = path.join(dataDir, "npm-start.log");
  // A process group of its own, as a terminal gives it; stopped with SIGINT, as Ctrl-C does.
  const npm = spawn("npm", ["start"], {
    cwd: options.cwd,
    env,
    stdio: ["ignore", fs.openSync(logFile, "a"), fs.openSync(logFile, "a")],
    detached: true,
  });
  const stop = onCleanup(async () => {
    if (npm.exitCode !== null || npm.signalCode !== null) return;
    const exited = new Promise((r) => npm.once("exit", r));
    process.kill(-npm.pid!, "SIGINT");
    const timer = setTimeout(() => process.kill(-npm.pid!, "SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  });
  await waitUntilHealthy(`http://127.0.0.1:${port}`, npm, logFile);
  // The launcher prints its banner after its own health check; then start-up is over.
  while (!fs.readFileSync(logFile, "utf8").includes("Consumer key")) await new Promise((r) => setTimeout(r, 200));
  return { npm, port, stop };
}

/**
 * `npm start` in `cwd` (this checkout, or another one given to compare), measured three times.
 * The load is two-legged `GET /users?count=20` signed by the demo application, each request fresh.
 */
export async function measureFootprint(
  label: string,
  options: { cwd?: string; postgresUrl?: string; env?: Record<string, string>; extraServer?: boolean } = {},
): Promise<Footprint> {
  const { npm, port, stop } = await startDeployment(options);
  await sleep(5_000);
  const idle = sample(npm.pid!);

  let load = sample(npm.pid!);
  const sampler = setInterval(() => {
    const now = sample(npm.pid!);
    if (total(now.rss) > total(load.rss)) load = now;
  }, 500);
  const result = await signedReads(port);
  clearInterval(sampler);
  await sleep(SETTLE_SECONDS * 1000);
  const after = sample(npm.pid!);
  const extraServer = options.extraServer ? await measureExtraServer(npm.pid!) : undefined;
  await stop();
  return { label, idle, load, after, requests: result.requests.total, non2xx: result.non2xx, extraServer };
}

const mb = (n: number | undefined) => (n === undefined ? "-" : `${Math.round(n)}`);
const ROLES: Role[] = ["npm", "sh", "tsx", "esbuild", "launcher", "server", "other"];

/** One line per measurement: totals (RSS, then PSS), then each role's RSS at idle / load / after. */
export function formatFootprint(f: Footprint): string {
  const roles = ROLES.filter((role) => f.idle.rss[role] !== undefined || f.after.rss[role] !== undefined)
    .map(
      (role) =>
        `${role} ${mb(f.idle.rss[role])} / ${mb(f.load.rss[role])} / ${mb(f.after.rss[role])} (${mb(f.idle.pss[role])} ` +
        `/ ${mb(f.load.pss[role])} / ${mb(f.after.pss[role])})`,
    )
    .join("; ");
  const extra = f.extraServer
    ? `; an extra server ${mb(f.extraServer.idle)} / ${mb(f.extraServer.load)} / ${mb(f.extraServer.after)} (${f.extraServer.requests} requests)`
    : "";
  const back = (100 * total(f.after.rss)) / total(f.idle.rss) - 100;
  return (
    `| ${f.label} | ${mb(total(f.idle.rss))} (${mb(total(f.idle.pss))}) | ${mb(total(f.load.rss))} (${mb(total(f.load.pss))}) | ` +
    (`${mb(total(f.after.rss))} (${mb(total(f.after.pss))}), ` +
      `${back >= 0 ? "+" : ""}${back.toFixed(0)}% | ${roles}${extra} | ${f.requests}${f.non2xx ? ` (${f.non2xx} non-2xx)` : ""} ` +
      `|`)
  );
}

export const FOOTPRINT_HEAD =
  `| deployment | idle after start: RSS (PSS), MB | peak under ${LOAD_SECONDS} s of signed ` +
  `reads at ${LOAD_CONNECTIONS} connections | ${SETTLE_SECONDS} s later, against idle | per ` +
  `process, RSS (PSS) MB: idle / load / after | requests |\n` +
  "|---|---|---|---|---|---|";
