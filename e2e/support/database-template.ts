import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PrismaClient } from "@prisma/client";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded";
import { seedNumberInventory } from "@/lib/numbers/seed-numbers";
import { seedDemo } from "@/lib/seed/demo";
import { demo } from "./fixtures";
import type { DatabaseTemplate } from "./database-copy";
import { createFreshDatabase, migrateAndSeed, seedOtherTenantWith, withEncryptionKey } from "./server";

export type { DatabaseTemplate } from "./database-copy";

// One migrated and seeded database for the whole API run, copied for each file the in-process
// harness serves: a fresh PGlite spends about 5 s creating its cluster, and migrations and seeds
// (scrypt hashes among them) another 1.5 s; a copy of its folder, or PostgreSQL's CREATE DATABASE
// ... TEMPLATE, takes a fraction of that. The seed's secrets are encrypted with the template's key,
// so every copy runs with it.

/** Creates the template: on TEST_DATABASE_URL's server when set, else PGlite in a temporary folder. */
export async function createDatabaseTemplate(postgresUrl?: string): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  const encryptionKey = randomBytes(32).toString("base64");
  const authSecret = randomBytes(32).toString("base64");
  return withEncryptionKey(encryptionKey, async () => {
    if (postgresUrl) {
      const fresh = await createFreshDatabase(postgresUrl);
      await migrateAndSeed(fresh.url, seedAll).catch(async (error) => {
        await fresh.drop();
        throw error;
      });
      const name = new URL(fresh.url).pathname.slice(1);
      return { template: { postgres: { serverUrl: postgresUrl, name }, encryptionKey, authSecret }, remove: fresh.drop };
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-template-"));
    const remove = async () => fs.rmSync(dir, { recursive: true, force: true });
    try {
      const embedded = await startEmbeddedDatabase(dir);
      await migrateAndSeed(embedded.url, seedAll).finally(() => embedded.stop());
    } catch (error) {
      await remove();
      throw error;
    }
    return { template: { pgliteDir: dir, encryptionKey, authSecret }, remove };
  });
}

/** What the launcher's preparation step and e2e/support/server.ts seed: the other tenant, the demo, the number inventory. */
async function seedAll(prisma: PrismaClient): Promise<void> {
  await seedOtherTenantWith(prisma);
  await seedDemo(prisma, demo);
  await seedNumberInventory(prisma);
}
