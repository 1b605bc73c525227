import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceSkipReason } from "./network-namespace";
import { embeddedDatabaseUrl } from "@/lib/core/db/embedded";

// The SIP engine between two real phones: Debian's baresip, inside a network namespace the test
// creates (unshare -n, as root), with an embedded database on a Unix socket; the namespace's side
// runs testing/sip-engine-scenario.ts and prints what happened.

const SCENARIO = path.join(__dirname, "sip-engine-scenario.ts");
const SCENARIO_LIMIT_MS = 100_000;

const skipReason = namespaceSkipReason();
if (skipReason) console.warn(`SKIPPED sip-engine.integration.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`SipEngine calling two baresip phones${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-engine-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "connects A and B by 3PCC after the commit, RTP flows phone to phone, a BYE ends both; busy and no answer map right",
    { timeout: 110_000 },
    async () => {
      // The scenario serves its embedded database from <dir>/db; the engine's client finds it through DATABASE_URL.
      const env = { ...process.env, DATABASE_URL: embeddedDatabaseUrl(path.join(dir, "db", "socket")), DB_EMBEDDED: "1" };
      const { code, output, report } = await scenario.run(dir, env);
      expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();

      // The originate commands committed with the transaction and went out only after it.
      expect(report.legsDuringTransaction).toBe(0);
      expect(report.sent).toBe(2);
      const ofLeg = (legId: number) => report.events.filter((e: { legId: number }) => e.legId === legId).map((e: { kind: string }) => e.kind);
      expect(ofLeg(11)).toEqual(["ringing", "answered", "hungup"]);
      expect(ofLeg(12)).toEqual(["ringing", "answered", "dtmf"]);
      // collectDtmf after the commit: no INFO came (baresip 1.0.0 cannot send one), so one timed-out event after the 1 s asked.
      expect(report.dtmf).toEqual([{ legId: 12, digits: "", timedOut: true }]);
      expect(report.dtmfAfterMs).toBeGreaterThanOrEqual(1000);
      expect(report.established).toEqual([2, 2, 0]);
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
      // Call 4 over TCP: both legs answered, each phone heard the other, the engine's BYEs ended it.
      expect(ofLeg(41)).toEqual(["ringing", "answered"]);
      expect(ofLeg(42)).toEqual(["ringing", "answered"]);
      expect(report.heardOverTcp).toEqual([[660], [440]]);
      expect(report.bobTcpTerminated).toBe(true);
      expect(report.activeAtEnd).toBe(0);
      expect(report.commandsLeft).toBe(0);
      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
