import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceServerSkipReason } from "@/lib/telephony/testing/network-namespace";

// Media through the service on TELEPHONY_ENGINE=sip: a call between two Debian baresip phones is
// recorded, the caller's RFC 4733 digits are collected, a media file is played to the callee; all
// inside a network namespace this test creates (e2e/support/sip-media-scenario.ts).

const ROOT = path.resolve(__dirname, "..", "..");
const SCENARIO = path.join(ROOT, "e2e", "support", "sip-media-scenario.ts");
const SCENARIO_LIMIT_MS = 280_000;

const skipReason = namespaceServerSkipReason(Boolean(process.env.TEST_DATABASE_URL));
if (skipReason) console.warn(`SKIPPED calls-sip-media.test.ts: ${skipReason}`);

const count = (seconds: number[], hz: number) => seconds.filter((value) => value === hz).length;

describe.skipIf(skipReason !== null)(`record, play and RFC 4733 digits on SIP calls${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-media-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("records both phones, collects the caller's RFC 4733 digits and plays a media file to the callee only", { timeout: 300_000 }, async () => {
    const { code, output, report } = await scenario.run(dir, process.env);
    expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();
    expect(report.controls).toEqual([200, 200, 200, 200, 200]);
    // The call's media was put through the service once (one re-INVITE of each phone) before the digits.
    expect(report.anchoredBeforeDigits).toBe(1);
    expect(report.dtmf).toEqual([{ digits: "4#", timedOut: false, leg: true }]);
    expect(report.played).toEqual([{ transactionId: "prompt-1", leg: true, interrupted: false }]);

    expect(report.recordComplete).toMatchObject({ status: "recorded", file: expect.stringMatching(/^\/media\/demo\/call:(\d+)\/\1\.mp3$/) });
    expect(report.recordComplete.duration).toBeGreaterThanOrEqual(5);
    expect(report.recordComplete.duration).toBeLessThanOrEqual(8);
    expect(report.download).toEqual({ status: 200, type: "audio/mpeg" });
    expect(Math.abs(report.recordedSeconds - report.recordComplete.duration)).toBeLessThanOrEqual(1);
    // Both phones' tones are in the mix, and nothing else is.
    expect(report.recordedShares[440]).toBeGreaterThan(0.15);
    expect(report.recordedShares[660]).toBeGreaterThan(0.15);
    expect(report.recordedShares[1500]).toBeLessThan(0.02);

    // What each phone heard, second by second: bob heard alice (440 Hz), and the 2 s prompt (1000 Hz)
    // in place of her while it played; alice heard bob (660 Hz) throughout, never the prompt.
    const [bobHeard] = report.heardByBob;
    const [aliceHeard] = report.heardByAlice;
    expect(count(bobHeard, 1000)).toBeGreaterThanOrEqual(1);
    expect(count(bobHeard, 1000)).toBeLessThanOrEqual(3);
    expect(count(bobHeard, 440)).toBeGreaterThanOrEqual(4);
    expect(count(aliceHeard, 660)).toBeGreaterThanOrEqual(5);
    expect(count(aliceHeard, 1000)).toBe(0);
    expect(report.phonesEnded).toEqual([1, 1]);

    expect(code).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
