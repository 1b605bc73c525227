import { randomBytes } from "node:crypto";
import net from "node:net";
import { demoEnv, generousRateLimitEnv } from "./fixtures";

// What a test server's environment and port are, without importing the app: the in-process harness
// sets its process's environment from these before any of the app's modules load.

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The environment of a throwaway server on loopback: demo seed values, fresh secrets, quiet logs. */
export function serverEnv({ port, dataDir, databaseUrl }: { port: number; dataDir: string; databaseUrl: string }): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...demoEnv(),
    ...generousRateLimitEnv(),
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    // One web worker: tests find, kill and restart "the" server process; e2e/api/web-workers.test.ts runs several.
    WEB_CONCURRENCY: "1",
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    AUTH_SECRET: randomBytes(32).toString("base64"),
  };
}

/** serverEnv for the API suites: webhook receivers on loopback, short retries, replies checked against their contracts. */
export function testServerEnv(where: { port: number; dataDir: string; databaseUrl: string }): NodeJS.ProcessEnv {
  return {
    ...serverEnv(where),
    // Webhook receivers in tests listen on loopback; retries and timeouts are shortened.
    WEBHOOK_ALLOW_PRIVATE: "true",
    WEBHOOK_TIMEOUT_MS: "1000",
    WEBHOOK_RETRY_SCHEDULE: "1s,1s,1s,2s,2s,2s,2s",
    // A failing transcription service is tried again after 200 ms and 500 ms (by default 2 s and 10 s).
    TRANSCRIPTION_RETRY_SCHEDULE: "200ms,500ms",
    DELIVERY_INTERVAL_MS: "300",
    // Every REST reply is checked against its contract: a drift fails the test with a 500.
    VALIDATE_RESPONSES: "true",
  };
}
