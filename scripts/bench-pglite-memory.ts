// PGlite's memory setting by setting (issue 30): `npx tsx scripts/bench-pglite-memory.ts`.
// Prepares one data directory as `npm start` does (migrations, demo seed, number inventory), then for
// each variant of EMBEDDED_SETTINGS opens it in a process of its own as the launcher does
// (startEmbeddedDatabase: PGlite behind its socket) and prints that process's resident memory once
// open, and after a read and write workload like the server's through the socket (lists, the
// numbers search, counts, nonce inserts). The choice is in docs/decisions.md, "Footprint".
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
/** PostgreSQL's own defaults, as PGlite ran before issue 30. */
const POSTGRES_DEFAULTS = { shared_buffers: "128MB" };
const VARIANTS: Array<[string, Record<string, string>]> = [
  ["PostgreSQL's defaults (shared_buffers 128MB)", POSTGRES_DEFAULTS],
  ["shared_buffers 64MB", { shared_buffers: "64MB" }],
  ["shared_buffers 32MB", { shared_buffers: "32MB" }],
  ["shared_buffers 16MB", { shared_buffers: "16MB" }],
  ["shared_buffers 8MB", { shared_buffers: "8MB" }],
  ["16MB + work_mem 1MB (default 4MB)", { shared_buffers: "16MB", work_mem: "1MB" }],
  ["16MB + maintenance_work_mem 8MB (default 64MB)", { shared_buffers: "16MB", maintenance_work_mem: "8MB" }],
  ["16MB + temp_buffers 1MB (default 8MB)", { shared_buffers: "16MB", temp_buffers: "1MB" }],
  ["16MB + max_connections 10 (default 100)", { shared_buffers: "16MB", max_connections: "10" }],
  ["16MB + wal_buffers 512kB (default 1/32 of shared_buffers)", { shared_buffers: "16MB", wal_buffers: "512kB" }],
  ["the chosen EMBEDDED_SETTINGS", { ...EMBEDDED_SETTINGS }],
];

const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

/** In the child: open with `settings`, measure, run the workload, measure again. */
async function measureChild(dataDir: string, settings: Record<string, string>) {
  const opened0 = rssMb();
  const embedded = await startEmbeddedDatabase(dataDir, settings);
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
  const shown = (await pool.query<{ setting: string }>("SELECT current_setting('shared_buffers') AS setting")).rows[0]!.setting;
  const opened = rssMb();
  for (let i = 0; i < WORKLOAD_ROUNDS; i++) {
    await pool.query(`SELECT id, login FROM "User" ORDER BY "createdAt" DESC LIMIT 20`);
    await pool.query(`SELECT number FROM "PhoneNumber" WHERE number LIKE $1 ORDER BY number LIMIT 20`, [`%${i % 10}${i % 7}%`]);
    await pool.query(`SELECT count(*) FROM "PhoneNumber" WHERE country = $1`, [i % 2 ? "USA" : "GBR"]);
    await pool.query(`INSERT INTO "OAuthNonce" ("consumerKey", nonce) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [demo.consumerKey, `bench-${process.pid}-${i}`]);
  }
  const worked = rssMb();
  await pool.end();
  await embedded.stop();
  console.log(JSON.stringify({ before: opened0, shared_buffers: shown, opened, worked }));
}

async function prepare(dataDir: string) {
  process.env.ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
  reloadConfig();
  const embedded = await startEmbeddedDatabase(dataDir);
  const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
  try {
    await migrate(pool);
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    await seedDemo(prisma, { developerEmail: demo.developerEmail, domain: demo.domain, appName: demo.appName, consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret });
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
    console.log(`\n| PGlite settings | RSS before opening | open | after ${WORKLOAD_ROUNDS} rounds of the workload |\n|---|---|---|---|`);
    for (const [name, variant] of VARIANTS) {
      const child = spawnSync(process.execPath, [...process.execArgv, __filename, "--child", dir, JSON.stringify(variant)], { encoding: "utf8" });
      const line = child.stdout.trim().split("\n").at(-1) ?? "";
      if (child.status !== 0 || !line.startsWith("{")) throw new Error(`${name}: ${child.stderr || child.stdout}`);
      const r = JSON.parse(line) as { before: number; shared_buffers: string; opened: number; worked: number };
      console.log(`| ${name} (shared_buffers shows ${r.shared_buffers}) | ${r.before} MB | ${r.opened} MB | ${r.worked} MB |`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
