// Adds numbers to the purpose-number inventory from a CSV file (number,country[,sms] per line).
//   npm run numbers:import -- numbers.csv
// With DATABASE_URL it writes to that PostgreSQL database (the server may keep running). On the
// embedded default it opens DATA_DIR's database itself, which works only while the server is
// stopped (PGlite has one process); the portal's Numbers page imports while it runs.
import "./require-supported-node";
import fs from "node:fs";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { ConfigError, loadConfig } from "../lib/core/config";
import { startEmbeddedDatabase } from "../lib/core/db/embedded";
import { migrate } from "../lib/core/db/migrate";
import { importNumbers, parseNumbersCsv } from "../lib/numbers/import-numbers";

function fail(message: string): never {
  console.error(`[numbers:import] ${message}`);
  process.exit(1);
}

async function main() {
  const file = process.argv[2];
  if (!file) fail("Usage: npm run numbers:import -- <file.csv>   (lines: number,country[,sms], e.g. +44 7700 900123,GBR,true)");
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : fail(`No such file: ${file}`);
  const { rows, errors } = parseNumbersCsv(text);
  if (errors.length) fail(`Nothing imported; fix these lines first:\n  ${errors.join("\n  ")}`);
  if (!rows.length) fail(`${file} holds no numbers.`);

  let cfg;
  try {
    cfg = loadConfig();
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }
  const embedded = cfg.DATABASE_URL
    ? undefined
    : await startEmbeddedDatabase(cfg.dataDir).catch((e: Error) =>
        fail(`${e.message}\nStop the server first, or import on the portal's Numbers page.`),
      );
  const pool = new pg.Pool({ connectionString: cfg.DATABASE_URL ?? embedded!.url, max: 1 });
  try {
    await migrate(pool);
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const { added, skipped } = await importNumbers(prisma, rows, "import");
    await prisma.$disconnect();
    console.log(`[numbers:import] added ${added} number(s)${skipped ? `; ${skipped} already in the inventory, left as they were` : ""}.`);
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error) => fail(error instanceof Error ? error.message : String(error)));
