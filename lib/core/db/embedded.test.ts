import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SOCKET_FILE, startEmbeddedDatabase } from "./embedded";

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-db-"));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Leaves a socket file behind the way a killed run does: its process dies by SIGKILL. */
async function leaveStaleSocket(socketPath: string) {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  const listener = spawn(process.execPath, [
    "-e",
    `require("node:net").createServer().listen(${JSON.stringify(socketPath)}, () => console.log("up"))`,
  ]);
  await once(listener.stdout, "data");
  listener.kill("SIGKILL");
  await once(listener, "exit");
}

describe("startEmbeddedDatabase", () => {
  it("replaces a socket left by a killed run only once no live process holds the lock", async () => {
    const socketPath = path.join(dataDir, "socket", SOCKET_FILE);
    await leaveStaleSocket(socketPath);
    const staleInode = fs.statSync(socketPath).ino;

    const holder = spawn("sleep", ["60"]);
    try {
      fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(holder.pid));
      await expect(startEmbeddedDatabase(dataDir)).rejects.toThrow(/already open by process/);
      expect(fs.statSync(socketPath).ino).toBe(staleInode);
    } finally {
      holder.kill("SIGKILL");
      await once(holder, "exit");
    }

    const db = await startEmbeddedDatabase(dataDir);
    try {
      expect(fs.statSync(socketPath).ino).not.toBe(staleInode);
      expect((fs.statSync(socketPath).mode & 0o777).toString(8)).toBe("600");
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      expect((await client.query<{ one: number }>("SELECT 1 AS one")).rows[0]!.one).toBe(1);
      await client.end();
    } finally {
      await db.stop();
    }
    expect(fs.existsSync(socketPath)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 120_000);

  it("refuses a DATA_DIR too long for a Unix socket path instead of letting Node shorten it", async () => {
    const longDataDir = path.join(dataDir, "d".repeat(100));
    await expect(startEmbeddedDatabase(longDataDir)).rejects.toThrow(/longer than 107 bytes/);
    expect(fs.existsSync(path.join(longDataDir, "pglite.lock"))).toBe(false);
  });
});
