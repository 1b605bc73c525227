import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceServerSkipReason } from "@/lib/telephony/testing/network-namespace";

// Calls from the network to a user's purpose number on TELEPHONY_ENGINE=sip: the product, a
// calling baresip phone and the user's own baresip phones inside a network namespace this test
// creates (unshare -n, as root); the namespace's side runs e2e/support/sip-voicemail-scenario.ts.

const ROOT = path.resolve(__dirname, "..", "..");
const SCENARIO = path.join(ROOT, "e2e", "support", "sip-voicemail-scenario.ts");
const SCENARIO_LIMIT_MS = 280_000;

const skipReason = namespaceServerSkipReason(Boolean(process.env.TEST_DATABASE_URL));
if (skipReason) console.warn(`SKIPPED voicemail-sip.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`inbound SIP calls to a purpose number${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-voicemail-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "rings the user's phone, and unanswered takes the caller's spoken message as voicemail; a second phone that answers is put through",
    { timeout: 300_000 },
    async () => {
      const { code, output, report } = await scenario.run(dir, process.env);
      expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();

      // The call from the network belongs to the application the user signed in to.
      expect(report.ringing).toEqual({
        outbound: false,
        legs: ["tel:12025550143", `service:${report.number}`],
        application: expect.stringMatching(new RegExp(`^${report.domain}:`)),
      });
      expect(report.bobRang, "the user's sip: phone rang").toBe(true);
      expect(report.bobCancelled, `and got CANCEL at the ring time; bob's phone printed:\n${report.bobAfterRing}`).toBe(true);
      expect(report.first).toEqual({ status: "NOANSWER", legs: ["HUNGUP", "NOANSWER"] });

      expect(report.voicemail).toMatchObject({
        type: "Voicemail",
        from: "tel:12025550143",
        dest: `service:${report.number}`,
        title: "Voicemail from +12025550143",
        status: 200,
        contentType: "audio/mpeg",
      });
      // The MP3 holds what the caller said: as long as the sentence (a quarter second kept either
      // side), its loudness rising and falling with the sentence's words, not silence and not a tone.
      expect(report.recordedSeconds).toBeGreaterThan(report.sentenceSeconds - 0.5);
      expect(report.recordedSeconds).toBeLessThan(report.sentenceSeconds + 1.2);
      expect(Math.abs(report.voicemail.duration - report.recordedSeconds)).toBeLessThanOrEqual(1);
      expect(report.voicemail.peak).toBeGreaterThan(0.05);
      expect(report.correlationWithSentence).toBeGreaterThan(0.6);
      expect(report.correlationWithTone).toBeLessThan(0.3);

      // Call 2: carol's phone answered (bob's was cancelled), the caller and carol heard each other's tone.
      expect(report.connected).toEqual({ status: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] });
      expect(report.ended).toEqual({ status: "COMPLETED", legs: ["HUNGUP", "HUNGUP"] });
      expect(report.callerHeardHz.at(-1)).toBeCloseTo(550, -1);
      expect(report.carolHeardHz.at(-1)).toBeCloseTo(440, -1);
      expect(report.carolCallsEnded, "the engine's BYE reached carol's phone").toBe(1);

      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
