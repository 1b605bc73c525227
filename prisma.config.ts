import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

// The CLI is only used offline (generate, migrate diff). The JS engine with an adapter keeps it
// from downloading the native schema engine, which this machine cannot reach.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  async adapter() {
    return new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "postgres://localhost/unused" });
  },
});
