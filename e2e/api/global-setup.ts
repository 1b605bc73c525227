import type { TestProject } from "vitest/node";
import { TEMPLATE_ENV } from "../support/database-copy";
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

// The API suite's database template, which each in-process file and each server a test starts
// copies (e2e/support/database-template.ts), and one server for the files that share it: PGlite by
// default, PostgreSQL when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/postgres).
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  const template = await createDatabaseTemplate(postgresUrl);
  project.provide("databaseTemplate", template.template);
  // For startServer (e2e/support/server.ts), which Playwright and the scripts load too, so reads no
  // Vitest API: the test files' processes inherit this environment.
  process.env[TEMPLATE_ENV] = JSON.stringify(template.template);
  const server = await startServer({ postgresUrl }).catch(async (error) => {
    await template.remove();
    throw error;
  });
  project.provide("baseUrl", server.baseUrl);
  project.provide("database", server.database);
  console.log(`API tests against ${server.baseUrl} on ${server.database}`);
  return async () => {
    await server.stop();
    await template.remove();
  };
}
