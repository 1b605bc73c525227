import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceSkipReason } from "./network-namespace";

// The service's own RTP endpoint (lib/telephony/sip/media/rtp-endpoint.ts) in calls with a real
// phone: Debian's baresip inside a network namespace the test creates (unshare -n, as root), so its
// RTP stays off the machine's interfaces (/work/shared/notes/sip-testing.md). The namespace's side
// runs ./rtp-endpoint-scenario.ts.

const SCENARIO = path.join(__dirname, "rtp-endpoint-scenario.ts");
const SCENARIO_LIMIT_MS = 45_000;

const skipReason = namespaceSkipReason();
if (skipReason) console.warn(`SKIPPED rtp-endpoint.integration.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`RtpEndpoint in calls with a baresip phone${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "rtp-endpoint-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "records the phone's 440 Hz tone, reads its RFC 4733 digits, and plays it a 1000 Hz tone it hears, in PCMU and in PCMA",
    { timeout: 50_000 },
    async () => {
      const { code, output, report } = await scenario.run(dir, process.env);
      expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();

      for (const [law, call] of [
        ["PCMU", report.pcmu],
        ["PCMA", report.pcma],
      ] as const) {
        const context = `${law}: ${JSON.stringify(call)}`;
        expect(call.status, context).toBe(200);
        expect(call.accepted, context).toBe(true);
        expect(call.codec?.name, context).toBe(law);
        // What the phone sent: about as long as we recorded (give or take packets in flight, or queued in the socket when a
        // loaded machine runs us late), its tone throughout, not silence.
        expect(call.recordMs, context).toBeGreaterThanOrEqual(3000);
        expect(Math.abs(call.recorded.seconds - call.recordMs / 1000), context).toBeLessThan(0.1);
        expect(Math.abs(call.recorded.hz - 440), context).toBeLessThan(10);
        expect(call.recorded.peak, context).toBeGreaterThan(4000);
        expect(call.recorded.audibleSeconds, context).toBeGreaterThan(call.recorded.seconds - 0.1);
        expect(call.digits, context).toEqual(["1", "#"]);
        // What we played: 2 s of tone and 0.3 s of silence paced at 20 ms, the tone heard by the phone at its pitch and length.
        expect(call.played, context).toBe(true);
        expect(call.playMs, context).toBeGreaterThan(2250);
        expect(call.playMs, context).toBeLessThan(2500);
        expect(call.heard.files, context).toBe(1);
        expect(Math.abs(call.heard.hz - 1000), context).toBeLessThan(20);
        expect(call.heard.peak, context).toBeGreaterThan(4000);
        expect(call.heard.audibleSeconds, context).toBeGreaterThanOrEqual(1.94);
        expect(call.heard.audibleSeconds, context).toBeLessThanOrEqual(2.06);
        expect(call.silentForSeconds, context).toBeLessThan(1);
        expect(call.byeStatus, context).toBe(200);
        expect(call.callsEnded, context).toBe(1);
      }
      // Only the forced call is A-law: the phone answered it with PCMA alone.
      expect(report.pcma.answerCodecs).not.toContain("PCMU");
      expect(report.pcmu.answerCodecs[0]).toBe("PCMU");

      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
