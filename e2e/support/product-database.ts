import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import pg from "pg";
import { reloadConfig } from "@/lib/core/config";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded";
import { migrate } from "@/lib/core/db/migrate";
import { createFreshDatabase } from "./server";

export interface ProductDatabase {
  /** The product's own client (lib/core/db/client), built on this database. */
  prisma: PrismaClient;
  close: () => Promise<void>;
}

/**
 * A migrated throwaway database that the product's own code uses, for tests that call lib/ functions
 * in process: a fresh database on TEST_DATABASE_URL's server, or an embedded PGlite. The configuration
 * is pointed at it (with `env` on top) before lib/core/db/client is first imported, since that module
 * builds its one pool from the configuration. One per test file: the client is one per process.
 */
export async function openProductDatabase(env: Record<string, string> = {}): Promise<ProductDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-product-db-"));
  const server = process.env.TEST_DATABASE_URL;
  const fresh = server ? await createFreshDatabase(server) : undefined;
  const embedded = fresh ? undefined : await startEmbeddedDatabase(dataDir);
  const url = fresh?.url ?? embedded!.url;
  const migrator = new pg.Pool({ connectionString: url, max: 1 });
  await migrate(migrator);
  await migrator.end();
  Object.assign(process.env, { DATABASE_URL: url, DB_EMBEDDED: fresh ? "0" : "1", DB_POOL_MAX: fresh ? "10" : "1", ...env });
  reloadConfig();
  const client = await import("@/lib/core/db/client");
  return {
    prisma: client.prisma,
    close: async () => {
      await client.closeDatabase();
      await embedded?.stop();
      await fresh?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
