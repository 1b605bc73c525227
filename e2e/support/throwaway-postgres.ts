import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server";

// A PostgreSQL cluster a test owns (initdb + pg_ctl in a temporary folder, on a free loopback port),
// so the test may stop and start it. PostgreSQL refuses to run as root: as root, it runs as the
// postgres user (runuser).

export interface ThrowawayPostgres {
  url: string;
  stop: () => void;
  start: () => void;
  /** Stops the cluster (if running) and removes its folder. */
  destroy: () => void;
}

/** The folder of initdb and pg_ctl, or why a cluster cannot be made here. */
export function postgresBinaries(): { bin: string } | { missing: string } {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = versions
    .map((v) => path.join(root, v, "bin"))
    .find((dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")));
  if (!bin) return { missing: "initdb and pg_ctl were not found under /usr/lib/postgresql/*/bin" };
  if (process.getuid?.() === 0 && spawnSync("id", ["-u", "postgres"]).status !== 0)
    return { missing: "running as root and there is no postgres user to run PostgreSQL as" };
  return { bin };
}

export async function createThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:", dir]);
  const run = (tool: string, args: string[]) => {
    const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    execFileSync(command, argv, { stdio: "pipe", timeout: 120_000 });
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "--no-instructions"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  let running = false;
  const cluster: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => {
      run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(dir, "postgres.log"), "-w", "-t", "60", "start"]);
      running = true;
    },
    stop: () => {
      run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]);
      running = false;
    },
    destroy: () => {
      if (running) cluster.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    cluster.start();
  } catch (error) {
    cluster.destroy();
    throw error;
  }
  return cluster;
}
