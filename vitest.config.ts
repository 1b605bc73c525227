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
          // An area's API tests (*.api.test.ts) stand beside it but run in the API project.
          exclude: ["**/node_modules/**", "lib/**/*.api.test.ts"],
          environment: "node",
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          // Each area's in-process API tests beside it; e2e/api: what spans areas or needs the real server.
          include: ["lib/**/*.api.test.ts", "e2e/api/**/*.test.ts"],
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
