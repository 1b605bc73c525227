import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// SipUserAgent against a real phone: Debian's baresip on loopback, inside a network namespace the
// test creates (unshare -n, as root), so its RTP stays off the machine's interfaces
// (/work/shared/notes/sip-testing.md). The namespace's side runs ../testing/baresip-call-scenario.ts.

const ROOT = path.resolve(__dirname, "..", "..", "..");
const SCENARIO = path.join(__dirname, "..", "testing", "baresip-call-scenario.ts");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const SCENARIO_LIMIT_MS = 25_000;

function missing(): string | null {
  if (spawnSync("baresip", ["-h"], { stdio: "ignore" }).error) return "Debian's baresip is not installed (.ci/run installs it)";
  if (process.getuid?.() !== 0) return "creating a network namespace (unshare -n) needs root";
  const probe = spawnSync("unshare", ["-n", "ip", "tuntap", "add", "tap0", "mode", "tap"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) return "unshare -n with a tap device (and iproute2's ip) is not available here";
  return null;
}

const skipReason = missing();
if (skipReason) console.warn(`SKIPPED sip-ua.integration.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`SipUserAgent calling a baresip phone${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "baresip-phone-"));
  let scenario: ChildProcess | undefined;

  afterAll(() => {
    // The scenario stops its phone; should it hang or leave the phone behind, its whole process group goes.
    try {
      if (scenario?.pid) process.kill(-scenario.pid, "SIGKILL");
    } catch {
      // ESRCH: nothing of it is left
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "rings, answers, ACKs and hangs up; a busy phone, an unknown user and an unanswered call end as busy, failed and noanswer",
    { timeout: 30_000 },
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

      expect(report.answered.progress).toEqual([
        [180, "ringing"],
        [200, "answered"],
      ]);
      expect(report.answered.outcome).toMatchObject({ status: 200, state: "answered" });
      // baresip answers with the tap device's address (the namespace's own) and a port of its choosing.
      expect(report.answered.outcome.answer).toMatchObject({ address: "198.18.0.1", direction: "sendrecv" });
      expect(report.answered.outcome.answer.port).toBeGreaterThan(0);
      expect(report.answered.outcome.answer.codecs[0]).toEqual({ payloadType: 0, name: "PCMU", rate: 8000 });
      expect(report.callsEstablishedOnPhone, "our ACK established the call on the phone").toBe(1);
      expect(report.answered.byeStatus).toBe(200);

      expect(report.busy.outcome).toMatchObject({ status: 486, state: "busy" });
      expect(report.unknown.outcome).toMatchObject({ status: 404, state: "failed" });
      expect(report.unanswered.progress[0]).toEqual([180, "ringing"]);
      expect(report.unanswered.outcome).toMatchObject({ status: 487, state: "noanswer" });

      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
