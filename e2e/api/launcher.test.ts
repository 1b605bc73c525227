import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  descendantPids,
  freePort,
  launch,
  nextServerPid,
  serverEnv,
  startServer,
  stopProcess,
  waitUntilHealthy,
  type TestServer,
} from "../support/server";

// Its own server (not the suite's), because it kills it.
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 180_000);
afterAll(async () => server?.stop(), 120_000);

describe("launcher", () => {
  it("names the Node it and the server run on: the one running the tests", async () => {
    const log = () => fs.readFileSync(path.join(server.dataDir, "server.log"), "utf8");
    expect(log()).toContain(`[start] Node ${process.version} (`);
    expect(log()).toContain(`[serve] Node ${process.version} listening on http://127.0.0.1:`);
    // The banner follows the launcher's own health check, which may come a moment after ours.
    await vi.waitFor(() => expect(log()).toMatch(new RegExp(`^  Node: +${process.version.replaceAll(".", "\\.")} \\(`, "m")), { timeout: 10_000 });
  });

  it("replaces a server killed by a signal and keeps the database; stopped, it releases the database and the next start succeeds", async () => {
    const lockFile = path.join(server.dataDir, "pglite.lock");
    const logOf = (name: string) => fs.readFileSync(path.join(server.dataDir, name), "utf8");
    expect(fs.existsSync(lockFile)).toBe(true);
    const launcher = server.process;
    const killed = nextServerPid(launcher.pid!);
    process.kill(killed, "SIGKILL");

    await vi.waitFor(() => expect(logOf("server.log")).toContain(`web worker 1 (pid ${killed}) was killed by SIGKILL; starting a new one`), {
      timeout: 10_000,
    });
    await vi.waitFor(
      async () => {
        expect(nextServerPid(launcher.pid!)).not.toBe(killed);
        expect((await fetch(`${server.baseUrl}/rest/1.0/health`)).status).toBe(200);
      },
      { timeout: 60_000, interval: 250 },
    );
    expect(launcher.exitCode).toBeNull();
    expect(fs.existsSync(lockFile)).toBe(true);

    await stopProcess(launcher);
    expect(launcher.exitCode).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
    const log = path.join(server.dataDir, "restart.log");
    server.process = launch(server.env, log);
    await waitUntilHealthy(server.baseUrl.replace("localhost", "127.0.0.1"), server.process, log);
    expect((await fetch(`${server.baseUrl}/rest/1.0/health`)).status).toBe(200);
    await stopProcess(server.process);
  }, 240_000);

  // Ctrl-C in a terminal signals the whole group; a process manager may signal npm's pid alone.
  it.each([
    ["one Ctrl-C (SIGINT to the group)", "SIGINT", true],
    ["SIGTERM to npm alone", "SIGTERM", false],
  ] as const)(
    "`npm start` runs compiled JavaScript on node alone (no tsx, no esbuild), and %s stops every process once",
    async (_how, signal, wholeGroup) => {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-test-npm-start-"));
      const logFile = path.join(dataDir, "npm-start.log");
      const out = fs.openSync(logFile, "a");
      // Its own process group, as a terminal gives a command: Ctrl-C is SIGINT to the whole group.
      const npm = spawn("npm", ["start"], { env: serverEnv({ port, dataDir, databaseUrl: "" }), stdio: ["ignore", out, out], detached: true });
      const commandOf = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      try {
        await waitUntilHealthy(`http://127.0.0.1:${port}`, npm, logFile);
        const tree = descendantPids(npm.pid!);
        const commands = tree.map(commandOf);
        expect(commands.filter((command) => /tsx|esbuild/.test(command))).toEqual([]);
        // npm, the launcher (the start script execs it: no shell between them to swallow a signal), the
        // server: the launcher starts the server on node itself.
        const server = nextServerPid(npm.pid!);
        expect(commandOf(server)).toMatch(/^\S*node (--\S+ )*\S*\.build\/serve\.js \d+ 127\.0\.0\.1$/);
        expect(fs.realpathSync(`/proc/${server}/exe`)).toBe(process.execPath);
        const launcher = Number(fs.readFileSync(`/proc/${server}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
        expect(commandOf(launcher)).toMatch(/^\S*node (--\S+ )*scripts\/launch\.mjs$/);
        expect(Number(fs.readFileSync(`/proc/${launcher}/stat`, "utf8").split(") ")[1]!.split(" ")[1]), "the launcher's parent is npm").toBe(npm.pid);
        expect(tree).toHaveLength(commands.length);

        const exited = new Promise<string>((resolve) => npm.once("exit", (code, signal) => resolve(signal ?? `code ${code}`)));
        process.kill(wholeGroup ? -npm.pid! : npm.pid!, signal);
        // npm ends itself by the signal it was stopped with, as a shell expects of Ctrl-C; a script that
        // failed would make it print "npm error" and exit with code 1.
        expect(await exited).toMatch(new RegExp(`^(${signal}|code 0)$`));
        await vi.waitFor(() => expect([...tree, npm.pid!].filter((pid) => fs.existsSync(`/proc/${pid}`))).toEqual([]), { timeout: 10_000 });
        const log = fs.readFileSync(logFile, "utf8");
        // One stop: the launcher's (the server leaves SIGINT to it), then the database closes.
        expect(log.match(new RegExp(`\\[start\\] ${signal}: stopping the server, then the database`, "g"))).toHaveLength(1);
        expect(log).not.toContain("The server was killed");
        expect(log).not.toContain("The server exited");
        expect(log).not.toContain("npm error");
        expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
      } finally {
        if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, "SIGKILL");
        fs.closeSync(out);
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );
});
