import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    projects: [
      {
        extends: true,
        // Some unit tests import every route or every lib file: on a loaded machine that exceeds Vitest's 5 s.
        test: { name: "unit", include: ["lib/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node", testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["e2e/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/api/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
