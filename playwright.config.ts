import path from "node:path";
import { defineConfig } from "@playwright/test";
import { demoEnv, generousRateLimitEnv } from "./e2e/support/fixtures";
import packageJson from "./package.json";

const port = Number(process.env.E2E_PORT ?? 3210);
// PUBLIC_URL stays unset, as on a default start: the portal answers each request's own host
// (auth.spec.ts signs in at 127.0.0.1 and at localhost).
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e/portal",
  outputDir: "test-results/playwright",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    // The Node running Playwright (under npm or npx, the pinned one), not whichever `node` a shell finds;
    // the compiled launcher, as `npm start` runs it.
    command: `${JSON.stringify(process.execPath)} ${packageJson.scripts.start
      .split(" ")
      .filter((word: string) => word !== "exec")
      .slice(1)
      .join(" ")}`,
    url: `${baseURL}/rest/1.0/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      ...demoEnv(),
      ...generousRateLimitEnv(),
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: "",
      // npm test passes a directory it removes afterwards; a direct run keeps it with its other
      // artifacts in test-results/ (replaced by the next run), never in the system's temp folder.
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.resolve("test-results", "e2e-data"),
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: "",
    },
  },
});
