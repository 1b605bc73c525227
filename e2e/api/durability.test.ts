import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, demoApp, uniqueLogin } from "../support/api-client";
import { launch, startServer, stopProcess, waitUntilHealthy, type TestServer } from "../support/server";

// Its own server (not the suite's), because it kills it.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined });
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

const origin = () => server.baseUrl.replace("localhost", "127.0.0.1");

describe("durability", () => {
  it("keeps every acknowledged write after kill -9 of the server", async () => {
    const logins = Array.from({ length: 20 }, () => uniqueLogin("durable"));
    for (const login of logins) {
      const res = await call(server.baseUrl, demoApp, "POST", "/users", { json: { login, password: "password-1" } });
      expect(res.status).toBe(201);
    }
    const launcherPid = server.process.pid!;
    await stopProcess(server.process, "SIGKILL");
    // The Next.js server notices its launcher is gone and exits; wait for the port to close.
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${origin()}/rest/1.0/health`).then(
        () => true,
        () => false,
      );
      if (!up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(() => process.kill(launcherPid, 0)).toThrow();

    const log = path.join(server.dataDir, "restart.log");
    server.process = launch(server.env, log);
    await waitUntilHealthy(origin(), server.process, log);
    for (const login of logins) {
      const res = await call(server.baseUrl, demoApp, "GET", `/users?filterBy=login&filterValue=${login}`);
      expect(res.body.totalResults, login).toBe(1);
    }
  }, 240_000);

  it.runIf(!process.env.TEST_DATABASE_URL)(
    "refuses to open an embedded database another process holds",
    async () => {
      const log = path.join(server.dataDir, "second.log");
      const second = launch({ ...server.env, PORT: "1" }, log);
      const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
      expect(code).toBe(1);
      expect(fs.readFileSync(log, "utf8")).toMatch(/already open by process \d+/);
    },
    120_000,
  );
});
