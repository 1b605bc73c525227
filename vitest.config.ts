import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    projects: [
      {
        extends: true,
        // Some unit tests import every route or every lib file: on a loaded machine that exceeds Vitest's 5 s.
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "e2e/support/**/*.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["e2e/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["e2e/api/global-setup.ts"],
          // Files wait on timers, receivers and phones much of the time, and each in-process file has
          // its own database: at least two run at once, also on a 2-core machine (Vitest's default: cores - 1).
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
