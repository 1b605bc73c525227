import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, nextServerPid, startServer, stopProcess, waitUntilHealthy, type TestServer } from "../support/server";

// Its own server (not the suite's), because it kills it.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

const exitOf = (child: TestServer["process"]) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve)));

describe("launcher", () => {
  it("exits non-zero and releases the database when the server is killed by a signal; the next start succeeds", async () => {
    const lockFile = path.join(server.dataDir, "pglite.lock");
    expect(fs.existsSync(lockFile)).toBe(true);
    const launcher = server.process;
    const started = Date.now();
    process.kill(nextServerPid(launcher.pid!), "SIGKILL");

    const code = await Promise.race([exitOf(launcher), new Promise<"still running">((r) => setTimeout(() => r("still running"), 10_000))]);
    expect(code).not.toBe("still running");
    expect(code).not.toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(fs.readFileSync(path.join(server.dataDir, "server.log"), "utf8")).toContain("The server was killed by SIGKILL; stopping.");

    const log = path.join(server.dataDir, "restart.log");
    server.process = launch(server.env, log);
    await waitUntilHealthy(server.baseUrl.replace("localhost", "127.0.0.1"), server.process, log);
    expect((await fetch(`${server.baseUrl}/rest/1.0/health`)).status).toBe(200);
    await stopProcess(server.process);
  }, 240_000);
});
