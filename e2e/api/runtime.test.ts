import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { isSupportedNode } from "@/scripts/node-runtime";
import { serverPidsForPort, START_ARGS } from "../support/server";

// Which Node runs the product: the suite's server runs on the Node running the tests (under npm or
// npx, the pinned Node 24), and an unsupported Node (the machine's Node 20) is refused at start.
const baseUrl = inject("baseUrl");

const executableOf = (pid: number) => fs.realpathSync(`/proc/${pid}/exe`);
const parentOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
};

/** A `node` on the PATH outside node_modules older than the supported range, e.g. Debian's Node 20. */
function unsupportedNodeOnPath(): { node: string; version: string } | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const node = path.join(dir, "node");
    if (!dir || dir.includes("node_modules") || !fs.existsSync(node)) continue;
    const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout?.trim();
    if (version && !isSupportedNode(version)) return { node: fs.realpathSync(node), version };
  }
  return undefined;
}

/** The launcher as `npm start` runs it, on `node`, with a DATA_DIR that does not exist yet; what it printed, and whether DATA_DIR appeared. */
function startOn(node: string, args: string[], env: Record<string, string> = {}) {
  const dataDir = path.join(os.tmpdir(), `switchboard-test-runtime-${process.pid}-${Date.now()}`);
  const result = spawnSync(node, [...START_ARGS, ...args], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PORT: "1", ...env },
  });
  const dataDirCreated = fs.existsSync(dataDir);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, dataDirCreated };
}

const old = unsupportedNodeOnPath();

describe("runtime", () => {
  it("the suite's launcher and server run on the Node running the tests", () => {
    const [serverPid] = serverPidsForPort(Number(new URL(baseUrl).port));
    expect(isSupportedNode(process.version)).toBe(true);
    expect(executableOf(serverPid!)).toBe(process.execPath);
    expect(executableOf(parentOf(serverPid!))).toBe(process.execPath);
  });

  describe.skipIf(!old)(`on ${old?.node} (${old?.version})`, () => {
    it("the launcher refuses to start, says what to do, and touches nothing", () => {
      const run = startOn(old!.node, []);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Node ${old!.version} is not supported: Switchboard runs on Node 22.12 or later`);
      expect(run.stderr).toContain("`npm start`");
      expect(run.stdout).toBe("");
      expect(run.dataDirCreated).toBe(false);
    }, 60_000);

    it("--allow-unsupported-node (the benchmark's comparison) goes past the check and on to the configuration", () => {
      const run = startOn(old!.node, ["--allow-unsupported-node"], { PORT: "not-a-port" });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Node ${old!.version} is not supported; going on because of --allow-unsupported-node.`);
      expect(run.stdout).toContain(`[start] Node ${old!.version} (${old!.node})`);
      expect(run.stderr).toMatch(/Invalid configuration:[\s\S]*PORT/);
      expect(run.dataDirCreated).toBe(false);
    }, 60_000);
  });
});
