import type { TestProject } from "vitest/node";
import { startServer } from "../support/server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    database: "pglite" | "postgres";
  }
}

// One server for the whole API suite: PGlite by default, a fresh PostgreSQL database when
// TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/postgres).
export default async function setup(project: TestProject) {
  const server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined });
  project.provide("baseUrl", server.baseUrl);
  project.provide("database", server.database);
  console.log(`API tests against ${server.baseUrl} on ${server.database}`);
  return () => server.stop();
}
