// Starts the whole product: checks the configuration, builds if needed, opens the database
// (embedded PGlite in DATA_DIR, or DATABASE_URL), applies migrations, seeds the demo developer,
// domain and application, starts Next.js and prints the portal URL and demo credentials.
//   npm start            production server     npm start -- --dev   next dev
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { ConfigError, loadConfig, reloadConfig, type Config } from "../lib/config";
import { startEmbeddedDatabase } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";
import { seedNumberInventory } from "../lib/numbers/seed-numbers";
import { seedDemo } from "../lib/seed/demo";
import { loadLocalSecrets, saveLocalSecrets } from "./local-secrets";

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
      "With DATABASE_URL, set ENCRYPTION_KEY and AUTH_SECRET too (every instance must share them).\n" +
        "Generate each with: openssl rand -base64 32",
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

async function prepareDatabase(url: string, seed: Parameters<typeof seedDemo>[1]) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const applied = await migrate(pool, say);
    say(applied.length ? `applied ${applied.length} migration(s)` : "database schema is up to date");
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const demo = await seedDemo(prisma, seed);
    const numbers = await seedNumberInventory(prisma);
    if (numbers) say(`number inventory: added ${numbers} fictional numbers (docs/numbers.md)`);
    await prisma.$disconnect();
    return demo;
  } finally {
    await pool.end();
  }
}

async function waitForHealth(port: number, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
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

async function main() {
  let cfg: Config;
  try {
    cfg = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const local = resolveSecrets(cfg);
  if (!dev) buildIfNeeded();

  const embedded = cfg.DATABASE_URL ? undefined : await startEmbeddedDatabase(cfg.dataDir).catch((e: Error) => fail(e.message));
  const databaseUrl = cfg.DATABASE_URL ?? embedded!.url;
  say(embedded ? `embedded database (PGlite) in ${cfg.dataDir}` : "database: DATABASE_URL (PostgreSQL)");

  const demo = await prepareDatabase(databaseUrl, {
    developerEmail: cfg.DEMO_DEVELOPER_EMAIL,
    developerPassword: cfg.DEMO_DEVELOPER_PASSWORD ?? local?.demoDeveloperPassword,
    domain: cfg.DEMO_DOMAIN,
    appName: cfg.DEMO_APP_NAME,
    consumerKey: cfg.DEMO_CONSUMER_KEY,
    consumerSecret: cfg.DEMO_CONSUMER_SECRET,
  }).catch(async (error: Error) => {
    await embedded?.stop();
    return fail(`Could not prepare the database: ${error.message}`);
  });
  if (local && demo.createdNow && !cfg.DEMO_DEVELOPER_PASSWORD) {
    saveLocalSecrets(cfg.dataDir, { ...local, demoDeveloperPassword: demo.developerPassword });
  }

  // scripts/serve.ts: Next.js behind a guard for requests Next cannot parse (see the file).
  // tsx as a loader (not its CLI, a second process): the server is this process's direct child,
  // so the IPC channel and signals reach it.
  // `node --cpu-prof --cpu-prof-dir=<dir> scripts/start.ts` profiles the server too (npm run bench).
  const profileFlags = process.execArgv.filter((a) => a.startsWith("--cpu-prof"));
  const args = [...profileFlags, "--import", "tsx", path.join(__dirname, "serve.ts"), String(cfg.PORT), cfg.HOST, ...(dev ? ["--dev"] : [])];
  // The ipc channel lets the server notice when this process dies (even by kill -9) and exit too.
  const child = spawn(process.execPath, args, {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: {
      ...process.env,
      PORT: String(cfg.PORT),
      DATABASE_URL: databaseUrl,
      DB_EMBEDDED: embedded ? "1" : "0",
      DB_POOL_MAX: embedded ? "1" : String(cfg.DB_POOL_MAX),
      // Unset, REST signatures and Location headers follow each request's own host and port.
      PUBLIC_URL: cfg.PUBLIC_URL ?? "",
      AUTH_URL: cfg.publicUrl,
      AUTH_TRUST_HOST: "true",
      WEBHOOK_ALLOW_PRIVATE: String(cfg.webhookAllowPrivate), // unset: only on a loopback-bound server
    },
  });

  let stopping = false;
  // A child killed by a signal (kill -9, OOM) keeps exitCode null: it has ended all the same.
  const childRunning = () => child.exitCode === null && child.signalCode === null;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (childRunning()) {
      // Graceful first; Next.js waits for keep-alive connections, so stop waiting after 5 s.
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await embedded?.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`\n[start] The server ${signal ? `was killed by ${signal}` : `exited with code ${code}`}; stopping.\n`);
    void stop(code ?? 1);
  });

  await waitForHealth(cfg.PORT, child);
  const password = demo.developerPassword ?? "(unchanged: the one you set; DEMO_DEVELOPER_PASSWORD resets it)";
  console.log(
    [
      "",
      "  Communications platform is running",
      `  Portal:           ${cfg.publicUrl}`,
      `  REST API:         ${cfg.publicUrl}/rest/1.0`,
      `  Sign in:          ${demo.developerEmail} / ${password}`,
      `  Demo domain:      ${demo.domain}`,
      `  Demo application: ${demo.applicationId}`,
      `  Consumer key:     ${demo.consumerKey}`,
      `  Consumer secret:  ${demo.consumerSecret ?? "(printed on the first start only; reveal or rotate it on the application's page in the portal)"}`,
      `  Webhooks:         ${cfg.webhookAllowPrivate ? "private and loopback targets ALLOWED (WEBHOOK_ALLOW_PRIVATE)" : "public targets only"}`,
      "",
    ].join("\n"),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
