// Starts the whole product: checks the configuration, builds if needed, opens the database
// (embedded PGlite in DATA_DIR, or DATABASE_URL), applies migrations, seeds the demo developer,
// domain and application, starts Next.js and prints the portal URL and demo credentials.
//   npm start            production server     npm start -- --dev   next dev
import "./require-supported-node";
import { spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError, loadConfig, reloadConfig, type Config } from "../lib/core/config";
import { startEmbeddedDatabase } from "../lib/core/db/embedded";
import type { DemoSeedInput } from "../lib/seed/demo";
import type { PrepareAnswer, PreparedDatabase } from "./prepare-database";
import { loadLocalSecrets, saveLocalSecrets } from "./local-secrets";
import { runtimeDescription } from "./node-runtime";
import { findOnPath } from "../lib/audio/speech-synthesizer";
import { speechBannerLine } from "./speech-banner";
import { defaultWebWorkers, describeWebWorkers, type WebWorkerChoice } from "../lib/core/workers";
import { WebWorkers } from "./web-workers";
import { TelephonyEngineProcess } from "./telephony-engine-process";

const dev = process.argv.includes("--dev");
const say = (line: string) => console.log(`[start] ${line}`);

function fail(message: string): never {
  console.error(`\n[start] ${message}\n`);
  process.exit(1);
}

/** Fills ENCRYPTION_KEY and AUTH_SECRET: from the environment, or generated into DATA_DIR on the embedded default. */
function resolveSecrets(cfg: Config) {
  if (cfg.DATABASE_URL && (!cfg.ENCRYPTION_KEY || !cfg.AUTH_SECRET)) {
    fail(
      "With DATABASE_URL, set ENCRYPTION_KEY and AUTH_SECRET too (every instance must share them).\n" + "Generate each with: openssl rand -base64 32",
    );
  }
  const local = cfg.DATABASE_URL ? undefined : loadLocalSecrets(cfg.dataDir);
  process.env.ENCRYPTION_KEY = cfg.ENCRYPTION_KEY ?? local!.encryptionKey;
  process.env.AUTH_SECRET = cfg.AUTH_SECRET ?? local!.authSecret;
  reloadConfig();
  return local;
}

const SOURCE_DIRS = ["app", "components", "lib", "public"];
const SOURCE_FILES = ["next.config.js", "package.json", "postcss.config.mjs", "tsconfig.json"];

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  [...SOURCE_DIRS, ...SOURCE_FILES].forEach(visit);
  return newest;
}

function buildIfNeeded() {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  const buildId = path.join(distDir, "BUILD_ID");
  const builtAt = fs.statSync(buildId, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  if (builtAt > newestSourceMtime()) return;
  say(builtAt ? "sources changed since the last build; rebuilding (about 30 s)..." : "first start: building the app (about 30 s)...");
  const result = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "build"], { stdio: "inherit" });
  if (result.status !== 0) fail("The build failed; see the output above.");
}

/**
 * Migrates and seeds in a child process (scripts/prepare-database.ts) that ends before this one opens
 * the embedded database for the server: what those steps leave in memory goes with it. The child
 * holds the data directory's lock while it has the database open.
 */
function prepareDatabase(seed: DemoSeedInput): Promise<PreparedDatabase> {
  const script = __filename.endsWith(".ts")
    ? ["--import", "tsx", path.join(__dirname, "prepare-database.ts")]
    : [path.join(__dirname, "prepare-database.js")];
  const child = spawn(process.execPath, script, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    let answer: PrepareAnswer | undefined;
    child.once("message", (message: PrepareAnswer) => (answer = message));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (answer && "prepared" in answer) resolve(answer.prepared);
      else reject(new Error(answer?.error ?? `the preparation step ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`));
    });
    child.send(seed);
  });
}

async function waitForHealth(port: number, running: () => boolean) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && running()) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/rest/1.0/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  fail("The server did not become healthy within 120 s; see the output above.");
}

/** The memory this process may use: the machine's, or a container's limit when lower (cgroups). */
const machineMemory = () => Math.min(os.totalmem(), process.constrainedMemory() || Infinity);

/** The SIP engine runs in a process of its own unless TELEPHONY_PROCESS=inline (docs/calls.md, "The engine's own process"). */
const engineProcessWanted = (cfg: Config) => cfg.TELEPHONY_ENGINE === "sip" && cfg.TELEPHONY_PROCESS !== "inline";

/**
 * WEB_CONCURRENCY when set; unset, one per core as far as the memory holds them (defaultWebWorkers).
 * With the SIP engine inline one: its user agent owns one SIP port and its calls' dialogs (docs/deploy.md).
 */
function webWorkers(cfg: Config): WebWorkerChoice {
  if (cfg.TELEPHONY_ENGINE === "sip" && !engineProcessWanted(cfg)) {
    if ((cfg.WEB_CONCURRENCY ?? 1) > 1) say(`TELEPHONY_PROCESS=inline: WEB_CONCURRENCY=${cfg.WEB_CONCURRENCY} ignored`);
    return { count: 1, reason: "the SIP engine runs in it (TELEPHONY_PROCESS=inline)" };
  }
  if (cfg.WEB_CONCURRENCY) return { count: cfg.WEB_CONCURRENCY, reason: `WEB_CONCURRENCY=${cfg.WEB_CONCURRENCY}` };
  return defaultWebWorkers(os.availableParallelism(), machineMemory());
}

const bootId = randomUUID();

async function main() {
  say(`Node ${runtimeDescription()}`);
  let cfg: Config;
  try {
    cfg = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const local = resolveSecrets(cfg);
  if (!dev) buildIfNeeded();

  say(cfg.DATABASE_URL ? "database: DATABASE_URL (PostgreSQL)" : `embedded database (PGlite) in ${cfg.dataDir}`);
  const demo = await prepareDatabase({
    developerEmail: cfg.DEMO_DEVELOPER_EMAIL,
    developerPassword: cfg.DEMO_DEVELOPER_PASSWORD,
    initialDeveloperPassword: local?.demoDeveloperPassword,
    domain: cfg.DEMO_DOMAIN,
    appName: cfg.DEMO_APP_NAME,
    consumerKey: cfg.DEMO_CONSUMER_KEY,
    consumerSecret: cfg.DEMO_CONSUMER_SECRET,
  }).catch((error: Error) => fail(`Could not prepare the database: ${error.message}`));
  // The generated password is kept beside the database until the developer changes it.
  if (local && demo.createdNow && !cfg.DEMO_DEVELOPER_PASSWORD) {
    saveLocalSecrets(cfg.dataDir, { ...local, demoDeveloperPassword: demo.developerPassword });
  } else if (local?.demoDeveloperPassword && !demo.savedPasswordCurrent) {
    saveLocalSecrets(cfg.dataDir, { ...local, demoDeveloperPassword: undefined });
  }

  // This process serves the embedded database to the server; the preparation step has closed it.
  const embedded = cfg.DATABASE_URL ? undefined : await startEmbeddedDatabase(cfg.dataDir).catch((e: Error) => fail(e.message));
  const databaseUrl = cfg.DATABASE_URL ?? embedded!.url;

  // scripts/serve.ts: Next.js behind a guard for requests Next cannot parse (see the file), once per
  // web worker (scripts/web-workers.ts). Run compiled (npm start: .build/serve.js beside this file)
  // on `node` itself, this process's direct children: the IPC channel and signals reach them, and no
  // loader or esbuild service runs beside them.
  // Run as TypeScript (`node --import tsx scripts/start.ts`), the server is too, through tsx's loader.
  // `node --cpu-prof --cpu-prof-dir=<dir> scripts/launch.mjs` profiles the server too (npm run bench);
  // `--heapsnapshot-signal=SIGUSR2` lets `kill -USR2 <server pid>` write the server's heap snapshot.
  const inheritedFlags = process.execArgv.filter((a) => /^--(cpu-prof|heapsnapshot-signal)/.test(a));
  // A young generation of 1 MB semi-spaces instead of V8's up to 16 MB (docs/decisions.md,
  // "Footprint": the server's peak under load about 100 MB lower). package.json's start script
  // gives the launcher the same, and --liftoff-only (PGlite's WebAssembly, not the server's).
  // --optimize-for-size: V8 sizes and collects the heap as when memory is short (about 10 MB less
  // idle, 30-40 MB less a minute after a load, the same CPU per request within this machine's noise).
  const memoryFlags = ["--max-semi-space-size=1", "--optimize-for-size"];
  const serverFile = path.join(__dirname, __filename.endsWith(".ts") ? "serve.ts" : "serve.js");
  const loader = __filename.endsWith(".ts") ? ["--import", "tsx"] : [];
  const workerChoice = webWorkers(cfg);
  const workerCount = workerChoice.count;
  const separateEngine = engineProcessWanted(cfg);
  // The cluster's ipc channel lets each worker notice when this process dies (even by kill -9) and exit too.
  const workerEnv = (slot: number): NodeJS.ProcessEnv => ({
    ...process.env,
    PORT: String(cfg.PORT),
    DATABASE_URL: databaseUrl,
    DB_EMBEDDED: embedded ? "1" : "0",
    DB_POOL_MAX: embedded ? "1" : String(cfg.DB_POOL_MAX),
    WEB_CONCURRENCY: String(workerCount),
    // With the engine in its own process, the web workers only write its commands (lib/telephony/engine-wake.ts).
    TELEPHONY_PROCESS: separateEngine ? "separate" : "inline",
    // The calls of this start, whichever worker placed them: a replaced worker ends none (lib/calls/boot-id.ts).
    CALLS_BOOT_ID: bootId,
    // PostgreSQL elects the scheduler's runner by advisory lock; PGlite's one session cannot, so the first worker runs it.
    DELIVERY_SCHEDULER: embedded && slot > 0 ? "off" : cfg.DELIVERY_SCHEDULER,
    // Unset, REST signatures, Location headers and the portal's sign-in, sign-out and redirects
    // follow each request's own host and port (Auth.js reads the Host that serve.ts vouches for).
    PUBLIC_URL: cfg.PUBLIC_URL ?? "",
    AUTH_URL: cfg.PUBLIC_URL ?? "",
    NEXTAUTH_URL: "",
    AUTH_TRUST_HOST: "true",
    WEBHOOK_ALLOW_PRIVATE: String(cfg.webhookAllowPrivate), // unset: only on a loopback-bound server
  });
  const workers = new WebWorkers({
    count: workerCount,
    exec: serverFile,
    args: [String(cfg.PORT), cfg.HOST, ...(dev ? ["--dev"] : [])],
    execArgv: [...memoryFlags, ...inheritedFlags, ...loader],
    say,
    env: workerEnv,
  });

  // The web workers' environment, the engine inline in it: the one process of this instance that speaks SIP (one per deployment by lock).
  const engine = separateEngine
    ? new TelephonyEngineProcess({
        exec: path.join(__dirname, __filename.endsWith(".ts") ? "telephony-engine.ts" : "telephony-engine.js"),
        execArgv: [...memoryFlags, ...loader],
        env: { ...workerEnv(0), TELEPHONY_PROCESS: "inline", WEB_CONCURRENCY: "1", DELIVERY_SCHEDULER: "off" },
        say,
      })
    : undefined;

  let stopping = false;
  const stop = async (code: number, signal?: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Ctrl-C under npm arrives twice (the terminal's and npm's): the second finds `stopping` set.
    if (signal) say(`${signal}: stopping the server, then the database`);
    await workers.stop();
    await engine?.stop();
    await embedded?.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0, "SIGINT"));
  process.on("SIGTERM", () => void stop(0, "SIGTERM"));
  workers.start((message) => {
    console.error(`\n[start] ${message}\n`);
    void stop(1);
  });
  engine?.start();
  say(`${describeWebWorkers(workerChoice)}${workerCount > 1 ? `, sharing port ${cfg.PORT}` : ""}`);

  await waitForHealth(cfg.PORT, () => workers.pids.length > 0);
  workers.markStarted();
  // A password is printed only by the start that set it.
  const password =
    demo.developerPassword ??
    (demo.savedPasswordCurrent
      ? `(printed on the first start; kept in ${path.join(cfg.dataDir, "secrets.json")} until you change it)`
      : "(the one you set; forgot it? DEMO_DEVELOPER_PASSWORD=<new> npm start sets a new one)");
  console.log(
    [
      "",
      "  Communications platform is running",
      `  Node:             ${runtimeDescription()}`,
      `  Portal:           ${cfg.publicUrl}`,
      `  REST API:         ${cfg.publicUrl}/rest/1.0`,
      `  Sign in:          ${demo.developerEmail} / ${password}`,
      `  Demo domain:      ${demo.domain}`,
      `  Demo application: ${demo.applicationId}`,
      `  Consumer key:     ${demo.consumerKey}`,
      `  Consumer secret:  ${demo.consumerSecret ?? "(printed on the first start only; reveal or rotate it on the application's page in the portal)"}`,
      `  Workers:          ${describeWebWorkers(workerChoice)}`,
      ...(engine
        ? [`  Telephony:        SIP on ${cfg.SIP_BIND_HOST}:${cfg.SIP_BIND_PORT}, in its own process (pid ${engine.pid ?? "restarting"})`]
        : []),
      `  Webhooks:         ${cfg.webhookAllowPrivate ? "private and loopback targets ALLOWED (WEBHOOK_ALLOW_PRIVATE)" : "public targets only"}`,
      speechBannerLine((command) => findOnPath(command, process.env.PATH)),
      "",
    ].join("\n"),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
