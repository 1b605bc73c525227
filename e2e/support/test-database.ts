import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded";
import { migrate } from "@/lib/core/db/migrate";
import { createFreshDatabase } from "./server";

export interface TestDatabase {
  prisma: PrismaClient;
  database: "pglite" | "postgres";
  close: () => Promise<void>;
}

/**
 * A migrated throwaway database for tests that call lib/ functions directly: a fresh database on
 * TEST_DATABASE_URL's server (PostgreSQL), or an embedded PGlite. `poolMax` connections on
 * PostgreSQL; PGlite always gets one (it is single-session).
 */
export async function openTestDatabase(poolMax = 1): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-db-"));
  const fresh = process.env.TEST_DATABASE_URL ? await createFreshDatabase(process.env.TEST_DATABASE_URL) : undefined;
  const embedded = fresh ? undefined : await startEmbeddedDatabase(dataDir);
  const pool = new pg.Pool({ connectionString: fresh?.url ?? embedded!.url, max: fresh ? poolMax : 1 });
  await migrate(pool);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    database: fresh ? "postgres" : "pglite",
    close: async () => {
      await prisma.$disconnect();
      // pool.end() resolves before its sockets have closed; the forced DROP below may then terminate
      // one (57P01), which an unlistened pool would rethrow as an uncaught error.
      pool.on("error", () => {});
      await pool.end();
      await embedded?.stop();
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
