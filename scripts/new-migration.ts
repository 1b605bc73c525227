// Writes a new SQL migration: the difference between the schema snapshot of the newest migration
// and prisma/schema.prisma. Usage: npm run db:migration -- <name>
// Prisma's diff needs a live database only to connect, so an in-memory PGlite serves it: offline.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { readMigrations } from "../lib/db/migrate";

const SNAPSHOT = "schema.snapshot.prisma";

async function main() {
  const name = process.argv[2];
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error("Usage: npm run db:migration -- <name>   (lowercase letters, digits, underscores)");
    process.exit(2);
  }
  const dir = path.join("prisma", "migrations");
  const previous = readMigrations(dir).at(-1);
  const from = previous
    ? ["--from-schema-datamodel", path.join(dir, previous.name, SNAPSHOT)]
    : ["--from-empty"];

  const db = await PGlite.create();
  const server = new PGLiteSocketServer({ db, port: 0 });
  await server.start();
  try {
    // Async on purpose: this process serves the database the CLI connects to.
    const { stdout: sql } = await promisify(execFile)(
      "npx",
      ["prisma", "migrate", "diff", ...from, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
      { env: { ...process.env, DATABASE_URL: `postgres://postgres@${server.getServerConn()}/postgres` } },
    );
    if (!/\b(CREATE|ALTER|DROP)\b/.test(sql)) {
      console.log("The schema has no changes since the last migration; nothing written.");
      return;
    }
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const target = path.join(dir, `${stamp}_${name}`);
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, "migration.sql"), sql);
    fs.copyFileSync(path.join("prisma", "schema.prisma"), path.join(target, SNAPSHOT));
    console.log(`Wrote ${target}/migration.sql`);
  } finally {
    await server.stop();
    await db.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
