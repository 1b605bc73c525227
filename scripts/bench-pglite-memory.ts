// PGlite's memory setting by setting (issue 30): `npx tsx scripts/bench-pglite-memory.ts`.
// Prepares one data directory as `npm start` does (migrations, demo seed, number inventory), then for
// each variant of EMBEDDED_SETTINGS opens it in a process of its own as the launcher does
// (startEmbeddedDatabase: PGlite behind its socket) and prints that process's resident memory once
// open, and after a read and write workload like the server's through the socket (lists, the
// numbers search, counts, nonce inserts). The child runs with the launcher's V8 flags (package.json's
// start script). `--repeat=N` (3) runs every variant N times, interleaved, and prints each run and the
// median; `--variants=settings` runs only the one-setting-at-a-time variants on the chosen settings.
// The choice is in docs/decisions.md, "Footprint".
import "./require-supported-node";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { demo } from "../e2e/support/fixtures";
import { reloadConfig } from "../lib/core/config";
import { EMBEDDED_SETTINGS, startEmbeddedDatabase } from "../lib/core/db/embedded";
import { migrate } from "../lib/core/db/migrate";
import { seedNumberInventory } from "../lib/numbers/seed-numbers";
import { seedDemo } from "../lib/seed/demo";

const WORKLOAD_ROUNDS = 500;
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const REPEAT = Number(option("repeat") ?? 3);
/** PostgreSQL's own defaults, as PGlite ran before issue 30. */
const POSTGRES_DEFAULTS = { shared_buffers: "128MB" };
const SHARED_BUFFERS_VARIANTS: Array<[string, Record<string, string>]> = [
  ["PostgreSQL's defaults (shared_buffers 128MB)", POSTGRES_DEFAULTS],
  ["shared_buffers 64MB", { shared_buffers: "64MB" }],
  ["shared_buffers 32MB", { shared_buffers: "32MB" }],
  ["shared_buffers 8MB", { shared_buffers: "8MB" }],
];
/** Each setting alone on top of the chosen ones. */
const SETTING_VARIANTS: Array<[string, Record<string, string>]> = [
  ["the chosen EMBEDDED_SETTINGS", { ...EMBEDDED_SETTINGS }],
  ["+ work_mem 1MB (default 4MB)", { ...EMBEDDED_SETTINGS, work_mem: "1MB" }],
  ["+ maintenance_work_mem 8MB (default 64MB)", { ...EMBEDDED_SETTINGS, maintenance_work_mem: "8MB" }],
  ["+ temp_buffers 1MB (default 8MB)", { ...EMBEDDED_SETTINGS, temp_buffers: "1MB" }],
  ["+ wal_buffers 64kB (default 1/32 of shared_buffers: 512kB)", { ...EMBEDDED_SETTINGS, wal_buffers: "64kB" }],
  ["+ max_connections 10 (default 100)", { ...EMBEDDED_SETTINGS, max_connections: "10" }],
];
const VARIANTS = option("variants") === "settings" ? SETTING_VARIANTS : [...SHARED_BUFFERS_VARIANTS, ...SETTING_VARIANTS];
/** The launcher's V8 flags, from package.json's start script. */
const LAUNCHER_FLAGS = ["--max-semi-space-size=1", "--liftoff-only"];

const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

/** In the child: open with `settings`, measure, run the workload, measure again. */
async function measureChild(dataDir: string, settings: Record<string, string>) {
  const opened0 = rssMb();
  const embedded = await startEmbeddedDatabase(dataDir, settings);
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
  const shown = (await pool.query<{ setting: string }>("SELECT current_setting('shared_buffers') AS setting")).rows[0]!.setting;
  const opened = rssMb();
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < WORKLOAD_ROUNDS; i++) {
    await pool.query(`SELECT id, login FROM "User" ORDER BY "createdAt" DESC LIMIT 20`);
    await pool.query(`SELECT number FROM "PhoneNumber" WHERE number LIKE $1 ORDER BY number LIMIT 20`, [`%${i % 10}${i % 7}%`]);
    await pool.query(`SELECT count(*) FROM "PhoneNumber" WHERE country = $1`, [i % 2 ? "USA" : "GBR"]);
    await pool.query(`INSERT INTO "OAuthNonce" ("consumerKey", nonce) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      demo.consumerKey,
      `bench-${process.pid}-${i}`,
    ]);
  }
  const worked = rssMb();
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMsPerRound = (cpu.user + cpu.system) / 1000 / WORKLOAD_ROUNDS;
  await pool.end();
  await embedded.stop();
  console.log(JSON.stringify({ before: opened0, shared_buffers: shown, opened, worked, cpuMsPerRound }));
}

async function prepare(dataDir: string) {
  process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
  reloadConfig();
  const embedded = await startEmbeddedDatabase(dataDir);
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
  try {
    await migrate(pool);
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    await seedDemo(prisma, {
      developerEmail: demo.developerEmail,
      domain: demo.domain,
      appName: demo.appName,
      consumerKey: demo.consumerKey,
      consumerSecret: demo.consumerSecret,
    });
    await seedNumberInventory(prisma);
    await prisma.$disconnect();
  } finally {
    await pool.end();
    await embedded.stop();
  }
}

async function main() {
  const [mode, dataDir, settings] = process.argv.slice(2);
  if (mode === "--child") return measureChild(dataDir!, JSON.parse(settings!) as Record<string, string>);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-pglite-memory-"));
  try {
    console.log("preparing a data directory (migrations, demo seed, number inventory)...");
    await prepare(dir);
    type Result = { before: number; shared_buffers: string; opened: number; worked: number; cpuMsPerRound: number };
    const results = new Map<string, Result[]>(VARIANTS.map(([name]) => [name, []]));
    for (let round = 0; round < REPEAT; round++) {
      for (const [name, variant] of VARIANTS) {
        const child = spawnSync(process.execPath, [...LAUNCHER_FLAGS, ...process.execArgv, __filename, "--child", dir, JSON.stringify(variant)], {
          encoding: "utf8",
        });
        const line = child.stdout.trim().split("\n").at(-1) ?? "";
        if (child.status !== 0 || !line.startsWith("{")) throw new Error(`${name}: ${child.stderr || child.stdout}`);
        results.get(name)!.push(JSON.parse(line) as Result);
        console.log(`round ${round + 1}: ${name}: ${line}`);
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const runs = (values: number[]) => `${median(values)} MB (${values.join(", ")})`;
    console.log(
      `\n| PGlite settings | open: median (each run) | after ${WORKLOAD_ROUNDS} rounds of the workload | CPU per round, median |\n|---|---|---|---|`,
    );
    for (const [name] of VARIANTS) {
      const r = results.get(name)!;
      console.log(
        `| ${name} (shared_buffers shows ${r[0]!.shared_buffers}) | ${runs(r.map((x) => x.opened))} ` +
          `| ${runs(r.map((x) => x.worked))} | ${median(r.map((x) => x.cpuMsPerRound)).toFixed(2)} ms ` +
          `|`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
