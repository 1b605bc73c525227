import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceServerSkipReason } from "@/lib/telephony/testing/network-namespace";

// POST /calls ringing real phones: the product started with TELEPHONY_ENGINE=sip inside a network
// namespace this test creates (unshare -n, as root), with three Debian baresip phones; the
// namespace's side runs e2e/support/sip-calls-scenario.ts. The suite's own server is not used.

const ROOT = path.resolve(__dirname, "..", "..");
const SCENARIO = path.join(ROOT, "e2e", "support", "sip-calls-scenario.ts");
// Most of it is the server start and the first requests on a loaded machine (2.5 min measured at load 30).
const SCENARIO_LIMIT_MS = 280_000;

const skipReason = namespaceServerSkipReason(Boolean(process.env.TEST_DATABASE_URL));
if (skipReason) console.warn(`SKIPPED calls-sip.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`POST /calls with TELEPHONY_ENGINE=sip${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-calls-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "connects two baresip phones, a BYE from a phone ends the call, no answer and busy are refused; over TCP, hold re-INVITEs both and active=false hangs up",
    { timeout: 300_000 },
    async () => {
      const { code, output, report } = await scenario.run(dir, process.env);
      expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();

      expect(report.connected).toEqual({ status: 201, callStatus: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] });
      // Each phone heard the other's tone (alice says 440 Hz, bob 660 Hz): RTP went phone to phone.
      // Zero crossings of a recording's few seconds give the pitch to within a few Hz (659 was seen): the three phones are 110 Hz apart.
      expect(report.aliceHeardHz).toEqual([expect.closeTo(660, -1), expect.closeTo(660, -1)]);
      expect(report.bobHeardHz).toEqual([expect.closeTo(440, -1), expect.closeTo(440, -1)]);
      expect(report.ended).toEqual({ status: "COMPLETED", legs: ["HUNGUP", "HUNGUP"] });
      expect(report.unanswered).toEqual({ status: 409, code: "call_not_answered" });
      // The second call reaches bob over TCP (;transport=tcp in its leg): the engine's connection to bob's phone is up while it lasts.
      expect(report.again).toEqual({
        status: 201,
        callStatus: "CONNECTED",
        bobLeg: expect.stringMatching(/^sip:bob@[^;]+;transport=tcp$/),
        bobTcpConnections: expect.any(Number),
      });
      expect(report.again.bobTcpConnections).toBeGreaterThanOrEqual(1);
      expect(report.busy).toEqual({ status: 409, code: "call_busy" });
      // PUT mode=hold: a re-INVITE to each phone; then PUT active=false: the engine's BYE reaches both phones after the commit.
      expect(report.beforeHangup).toEqual({ callStatus: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] });
      expect(report.held).toEqual({ status: 200, mode: "hold", reinvited: [1, 1] });
      expect(report.phoneHold, "alice's phone holds: its re-INVITE passed to bob's, bob's answer back").toEqual({
        bobReinvited: 1,
        aliceUpdatedStream: true,
        aliceRefused: false,
      });
      expect(report.hungUp).toEqual({ status: 200, callStatus: "COMPLETED", legs: ["HUNGUP", "HUNGUP"] });
      expect(report.endedOnPhones, `what the phones logged: ${JSON.stringify(report.phoneSteps)}`).toEqual([2, 2]);
      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
