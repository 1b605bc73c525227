import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceSkipReason } from "./network-namespace";

// SipUserAgent against a real phone: Debian's baresip on loopback, inside a network namespace the
// test creates (unshare -n, as root), so its RTP stays off the machine's interfaces
// (/work/shared/notes/sip-testing.md). The namespace's side runs ./baresip-call-scenario.ts.

const SCENARIO = path.join(__dirname, "baresip-call-scenario.ts");
const SCENARIO_LIMIT_MS = 25_000;

const skipReason = namespaceSkipReason();
if (skipReason) console.warn(`SKIPPED sip-ua.integration.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`SipUserAgent calling a baresip phone${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "baresip-phone-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "rings, answers, ACKs and hangs up, over UDP and TCP; a busy phone, an unknown user and an unanswered call end as busy, failed and noanswer",
    { timeout: 30_000 },
    async () => {
      const { code, output, report } = await scenario.run(dir, process.env);
      expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();

      expect(report.answered.progress).toEqual([
        [180, "ringing"],
        [200, "answered"],
      ]);
      expect(report.answered.outcome).toMatchObject({ status: 200, state: "answered" });
      // baresip answers with the tap device's address (the namespace's own) and a port of its choosing.
      expect(report.answered.outcome.answer).toMatchObject({ address: "198.18.0.1", direction: "sendrecv" });
      expect(report.answered.outcome.answer.port).toBeGreaterThan(0);
      expect(report.answered.outcome.answer.codecs[0]).toEqual({ payloadType: 0, name: "PCMU", rate: 8000 });
      expect(report.callsEstablishedOnPhone, "our ACK established each answered call on the phone (UDP, then TCP)").toBe(2);
      expect(report.answered.byeStatus).toBe(200);
      expect(report.tcp.progress).toEqual([
        [180, "ringing"],
        [200, "answered"],
      ]);
      expect(report.tcp.outcome).toMatchObject({ status: 200, state: "answered" });
      expect(report.tcp.byeStatus).toBe(200);

      expect(report.busy.outcome).toMatchObject({ status: 486, state: "busy" });
      expect(report.unknown.outcome).toMatchObject({ status: 404, state: "failed" });
      expect(report.unanswered.progress[0]).toEqual([180, "ringing"]);
      expect(report.unanswered.outcome).toMatchObject({ status: 487, state: "noanswer" });

      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
