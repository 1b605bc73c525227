import path from "node:path";
import { defineConfig } from "prisma/config";

// The CLI is only used offline to generate the client; migrations are written by
// scripts/new-migration.ts and applied by lib/db/migrate.ts. Prisma 7 downloads its native schema
// engine (from a host this machine cannot reach) before every command, even those that never run
// it: for these, an existing file stands in for the engine so nothing is downloaded.
const COMMANDS_WITHOUT_SCHEMA_ENGINE = ["generate", "validate", "format"];
if (COMMANDS_WITHOUT_SCHEMA_ENGINE.includes(process.argv[2] ?? "")) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= __filename;
}

export default defineConfig({
  schema: path.join("prisma", "schema.prisma"),
});
