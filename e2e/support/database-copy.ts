import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

// A file's copy of the API run's database template (e2e/support/database-template.ts), without
// importing the app: the in-process harness makes it before any of the app's modules load.

/** Where the API run's global setup leaves the template for startServer in its workers (JSON). */
export const TEMPLATE_ENV = "SWITCHBOARD_TEST_DATABASE_TEMPLATE";

/** The API run's template, when this process is one of its test files (else undefined: a fresh database). */
export function runTemplate(): DatabaseTemplate | undefined {
  const json = process.env[TEMPLATE_ENV];
  return json ? (JSON.parse(json) as DatabaseTemplate) : undefined;
}

export interface DatabaseTemplate {
  /** PGlite: the folder holding the template's `pglite` directory. */
  pgliteDir?: string;
  /** PostgreSQL: the server's URL and the template database's name. */
  postgres?: { serverUrl: string; name: string };
  encryptionKey: string;
  authSecret: string;
}

/** PGlite: copies the template's database into `dataDir` (where startEmbeddedDatabase opens it). */
export function copyPgliteTemplate(template: DatabaseTemplate, dataDir: string): void {
  fs.cpSync(path.join(template.pgliteDir!, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
}

/** A fresh database on the server `serverUrl` points at (empty, or a copy of `template`); dropped by the returned function. */
export async function createFreshDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `switchboard_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** PostgreSQL: a new database made from the template, and what drops it. */
export function copyPostgresTemplate(template: DatabaseTemplate): Promise<{ url: string; drop: () => Promise<void> }> {
  return createFreshDatabase(template.postgres!.serverUrl, template.postgres!.name);
}
