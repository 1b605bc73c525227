import type { TestProject } from "vitest/node";
import { createDatabaseTemplate, type DatabaseTemplate } from "../support/database-template";
import { startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    database: "pglite" | "postgres";
    /** What each file's in-process server copies its database from (e2e/support/in-process-server.ts). */
    databaseTemplate: DatabaseTemplate;
  }
}

// One server for the whole API suite: PGlite by default, a fresh PostgreSQL database when
// TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/postgres).
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  // One after the other: each sets ENCRYPTION_KEY in this process while it seeds.
  const template = await createDatabaseTemplate(postgresUrl);
  const server = await startServer({ postgresUrl }).catch(async (error) => {
    await template.remove();
    throw error;
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("database", server.database);
  project.provide("databaseTemplate", template.template);
  console.log(`API tests against ${server.baseUrl} on ${server.database}`);
  return async () => {
    await server.stop();
    await template.remove();
  };
}
