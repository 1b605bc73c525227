import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// POST /calls ringing real phones: the product started with TELEPHONY_ENGINE=sip inside a network
// namespace this test creates (unshare -n, as root), with three Debian baresip phones; the
// namespace's side runs e2e/support/sip-calls-scenario.ts. The suite's own server is not used.

const ROOT = path.resolve(__dirname, "..", "..");
const SCENARIO = path.join(ROOT, "e2e", "support", "sip-calls-scenario.ts");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
// Most of it is the server start and the first requests on a loaded machine (2.5 min measured at load 30).
const SCENARIO_LIMIT_MS = 280_000;

function missing(): string | null {
  if (spawnSync("baresip", ["-h"], { stdio: "ignore" }).error) return "Debian's baresip is not installed (.ci/run installs it)";
  if (process.getuid?.() !== 0) return "creating a network namespace (unshare -n) needs root";
  const probe = spawnSync("unshare", ["-n", "ip", "tuntap", "add", "tap0", "mode", "tap"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) return "unshare -n with a tap device (and iproute2's ip) is not available here";
  return null;
}

const skipReason = missing();
if (skipReason) console.warn(`SKIPPED calls-sip.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`POST /calls with TELEPHONY_ENGINE=sip${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-calls-"));
  let scenario: ChildProcess | undefined;

  afterAll(() => {
    try {
      if (scenario?.pid) process.kill(-scenario.pid, "SIGKILL");
    } catch {
      // ESRCH: nothing of it is left
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "connects two baresip phones, a phone's BYE completes the call, no answer and busy are refused as such, PUT active=false hangs both up",
    { timeout: 300_000 },
    async () => {
      scenario = spawn("unshare", ["-n", TSX, "--no-cache", SCENARIO, dir], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      scenario.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      scenario.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      const child = scenario;
      const code = await new Promise<number | string | null>((resolve) => {
        const limit = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), SCENARIO_LIMIT_MS);
        child.once("exit", (exitCode, signal) => {
          clearTimeout(limit);
          resolve(exitCode ?? signal);
        });
      });
      const line = output.split("\n").find((text) => text.startsWith("REPORT "));
      expect(line, `the scenario ended with ${code}:\n${output}`).toBeDefined();
      const report = JSON.parse(line!.slice("REPORT ".length));

      expect(report.connected).toEqual({ status: 201, callStatus: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] });
      // Each phone heard the other's tone (alice says 440 Hz, bob 660 Hz): RTP went phone to phone.
      // Zero crossings of a recording's few seconds give the pitch to within a few Hz (659 was seen): the three phones are 110 Hz apart.
      expect(report.aliceHeardHz).toEqual([expect.closeTo(660, -1), expect.closeTo(660, -1)]);
      expect(report.bobHeardHz).toEqual([expect.closeTo(440, -1), expect.closeTo(440, -1)]);
      expect(report.ended).toEqual({ status: "COMPLETED", legs: ["HUNGUP", "HUNGUP"] });
      expect(report.unanswered).toEqual({ status: 409, code: "call_not_answered" });
      expect(report.again).toEqual({ status: 201, callStatus: "CONNECTED" });
      expect(report.busy).toEqual({ status: 409, code: "call_busy" });
      // PUT active=false: the engine's BYE reaches both phones after the commit.
      expect(report.beforeHangup).toEqual({ callStatus: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] });
      expect(report.hungUp).toEqual({ status: 200, callStatus: "COMPLETED", legs: ["HUNGUP", "HUNGUP"] });
      expect(report.endedOnPhones, `what the phones logged: ${JSON.stringify(report.phoneSteps)}`).toEqual([2, 2]);
      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
