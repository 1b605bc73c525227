import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOCKET_FILE } from "@/lib/core/db/embedded";
import { call, demoApp } from "../support/api-client";
import { descendantPids, nextServerPid, startServer, type TestServer } from "../support/server";

// The embedded database is served without a password: only the OS user running the server may
// reach it, through a Unix socket in DATA_DIR. Its own server, to see its DATA_DIR and processes.
let server: TestServer;
const socketDir = () => path.join(server.dataDir, "socket");
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

const AS_NOBODY = ["--reuid=nobody", "--regid=nogroup", "--clear-groups"];

/**
 * A Node that `nobody` may run: the tests' own (the pinned one in node_modules), unless the project
 * sits in a folder closed to other users (a clone in a 0700 folder); then a `node` from the PATH.
 */
function nodeForNobody(): string {
  const candidates = [process.execPath, ...(process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, "node"))];
  const node = candidates.find((candidate) => fs.existsSync(candidate) && spawnSync("setpriv", [...AS_NOBODY, candidate, "-e", ""]).status === 0);
  if (!node) throw new Error("No Node that the user nobody may run: neither this one nor one on the PATH");
  return node;
}

/** Connects to the socket as `nobody` (tests run as root, which file modes do not stop); prints "connected" or the error code. */
function connectAsNobody(socketPath: string): string {
  const probe = `require("node:net").connect(${JSON.stringify(socketPath)})
    .on("connect", function () { console.log("connected"); this.destroy(); })
    .on("error", (error) => console.log(error.code));`;
  const result = spawnSync("setpriv", [...AS_NOBODY, nodeForNobody(), "-e", probe], { encoding: "utf8" });
  if (result.error) throw result.error;
  return `${result.stdout}${result.stderr}`.trim();
}

/** The TCP ports (IPv4 and IPv6) on which one of `pids` listens, read from /proc. */
function listeningTcpPorts(pids: number[]): number[] {
  const socketInodes = new Set<string>();
  for (const pid of pids) {
    const fdDir = `/proc/${pid}/fd`;
    for (const fd of fs.existsSync(fdDir) ? fs.readdirSync(fdDir) : []) {
      const target = fs.readlinkSync(path.join(fdDir, fd), { encoding: "utf8" }).match(/^socket:\[(\d+)\]$/);
      if (target) socketInodes.add(target[1]!);
    }
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of fs.readFileSync(table, "utf8").trim().split("\n").slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const [, local, , state, , , , , , inode] = line.trim().split(/\s+/);
      const listening = state === "0A";
      if (listening && socketInodes.has(inode!)) ports.add(parseInt(local!.split(":")[1]!, 16));
    }
  }
  return [...ports];
}

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("embedded database socket", () => {
  beforeAll(async () => {
    server = await startServer();
  }, 180_000);
  afterAll(async () => server?.stop(), 120_000);

  it("is a Unix socket of mode 0600 in a folder of mode 0700 inside DATA_DIR", () => {
    const socketPath = path.join(socketDir(), SOCKET_FILE);
    expect(fs.statSync(socketPath).isSocket()).toBe(true);
    expect(modeOf(socketPath).toString(8)).toBe("600");
    expect(modeOf(socketDir()).toString(8)).toBe("700");
  });

  it("refuses another OS user, by the folder's mode and by the socket file's own", () => {
    const socketPath = path.join(socketDir(), SOCKET_FILE);
    const dataDirMode = modeOf(server.dataDir);
    // Open the way up to the socket folder, so that the folder and then the file are what refuse.
    fs.chmodSync(server.dataDir, 0o711);
    try {
      expect(connectAsNobody(socketPath)).toBe("EACCES");
      fs.chmodSync(socketDir(), 0o711);
      expect(connectAsNobody(socketPath)).toBe("EACCES");
      // The probe itself works: with the file open to all, nobody connects.
      fs.chmodSync(socketPath, 0o666);
      expect(connectAsNobody(socketPath)).toBe("connected");
    } finally {
      fs.chmodSync(socketPath, 0o600);
      fs.chmodSync(socketDir(), 0o700);
      fs.chmodSync(server.dataDir, dataDirMode);
    }
  });

  it("gives the server a socket URL, and no process of the launcher listens on TCP but the HTTP port", () => {
    const launcherPid = server.process.pid!;
    const serverEnv = fs.readFileSync(`/proc/${nextServerPid(launcherPid)}/environ`, "utf8").split("\0");
    const databaseUrl = serverEnv.find((entry) => entry.startsWith("DATABASE_URL="))!.slice("DATABASE_URL=".length);
    // node-postgres reads a host starting with "/" as a socket folder: no TCP host is left.
    expect(new pg.Client({ connectionString: databaseUrl }).host).toBe(socketDir());

    const port = Number(new URL(server.baseUrl).port);
    expect(listeningTcpPorts([launcherPid, ...descendantPids(launcherPid)])).toEqual([port]);
  });

  it("keeps the app working: health, and a signed request that reads and writes the database", async () => {
    expect((await fetch(`${server.baseUrl}/rest/1.0/health`)).status).toBe(200);
    const res = await call(server.baseUrl, demoApp, "GET", "/users?count=1");
    expect(res.status).toBe(200);
    expect(res.body.totalResults).toBeGreaterThanOrEqual(0);
  });
});
