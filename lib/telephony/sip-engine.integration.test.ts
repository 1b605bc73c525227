import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { embeddedDatabaseUrl } from "@/lib/core/db/embedded";

// The SIP engine between two real phones: Debian's baresip, inside a network namespace the test
// creates (unshare -n, as root), with an embedded database on a Unix socket; the namespace's side
// runs testing/sip-engine-scenario.ts and prints what happened.

const ROOT = path.resolve(__dirname, "..", "..");
const SCENARIO = path.join(__dirname, "testing", "sip-engine-scenario.ts");
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const SCENARIO_LIMIT_MS = 100_000;

function missing(): string | null {
  if (spawnSync("baresip", ["-h"], { stdio: "ignore" }).error) return "Debian's baresip is not installed (.ci/run installs it)";
  if (process.getuid?.() !== 0) return "creating a network namespace (unshare -n) needs root";
  const probe = spawnSync("unshare", ["-n", "ip", "tuntap", "add", "tap0", "mode", "tap"], { stdio: "ignore" });
  if (probe.error || probe.status !== 0) return "unshare -n with a tap device (and iproute2's ip) is not available here";
  return null;
}

const skipReason = missing();
if (skipReason) console.warn(`SKIPPED sip-engine.integration.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`SipEngine calling two baresip phones${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-engine-"));
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
    "connects A and B by 3PCC after the commit, RTP flows phone to phone, a BYE ends both; busy and no answer map right",
    { timeout: 110_000 },
    async () => {
      // The scenario serves its embedded database from <dir>/db; the engine's client finds it through DATABASE_URL.
      const env = { ...process.env, DATABASE_URL: embeddedDatabaseUrl(path.join(dir, "db", "socket")), DB_EMBEDDED: "1" };
      scenario = spawn("unshare", ["-n", TSX, "--no-cache", SCENARIO, dir], { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
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

      // The originate commands committed with the transaction and went out only after it.
      expect(report.legsDuringTransaction).toBe(0);
      expect(report.sent).toBe(2);
      const ofLeg = (legId: number) => report.events.filter((e: { legId: number }) => e.legId === legId).map((e: { kind: string }) => e.kind);
      expect(ofLeg(11)).toEqual(["ringing", "answered", "hungup"]);
      expect(ofLeg(12)).toEqual(["ringing", "answered"]);
      expect(report.established).toEqual([1, 1, 0]);
      // A's offer reached B and B's answer reached A: each phone heard the other's tone (alice 440 Hz, bob 660 Hz), sent phone to phone.
      expect(report.heardByAlice).toEqual([{ peak: expect.any(Number), hz: 660 }]);
      expect(report.heardByBob).toEqual([{ peak: expect.any(Number), hz: 440 }]);
      expect(report.heardByAlice[0].peak).toBeGreaterThan(4000);
      expect(report.heardByBob[0].peak).toBeGreaterThan(4000);
      expect(report.rtpFrom).toEqual(["198.18.0.1", "198.18.0.1"]);
      // alice's BYE ended her leg; the engine's BYE, sent after the event's transaction, ended bob's call.
      expect(report.bobTerminated).toBe(true);

      expect(ofLeg(21)).toEqual(["busy"]);
      expect(ofLeg(22)).toEqual([]);
      expect(ofLeg(31)).toEqual(["ringing", "noanswer"]);
      expect(report.activeAtEnd).toBe(0);
      expect(report.commandsLeft).toBe(0);
      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
