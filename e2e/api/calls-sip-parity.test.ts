import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceServerSkipReason } from "@/lib/telephony/testing/network-namespace";

// The same call on the simulator and on TELEPHONY_ENGINE=sip with real phones: what a client sees
// of it (history, events, bill) must be the same. Both servers and two Debian baresip phones run in
// a network namespace this test creates (unshare -n, as root): e2e/support/sip-parity-scenario.ts.

const ROOT = path.resolve(__dirname, "..", "..");
const SCENARIO = path.join(ROOT, "e2e", "support", "sip-parity-scenario.ts");
const SCENARIO_LIMIT_MS = 280_000;

const skipReason = namespaceServerSkipReason(Boolean(process.env.TEST_DATABASE_URL));
if (skipReason) console.warn(`SKIPPED calls-sip-parity.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`the simulator and the SIP engine${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-parity-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("give one call placed, held, taken off hold and hung up the same history, the same events and the same bill", { timeout: 300_000 }, async () => {
    const { code, output, report } = await scenario.run(dir, process.env);
    expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();
    const { simulated, carried } = report;

    // The SIP side really went through the phones: each answered, was re-INVITEd twice (hold, talk) and got the engine's BYE.
    expect(report.phonesEnded).toEqual([1, 1]);
    expect(report.reinvited).toEqual([2, 2]);

    expect(simulated.placed).toEqual({ status: 201, callStatus: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] });
    expect(simulated.controls).toEqual([200, "hold", 200, "talk", 200]);
    expect(simulated.history).toMatchObject({ status: "COMPLETED", success: true, hasTimes: true, duration: 2 });
    expect(simulated.callEvents).toEqual([
      "CallInitiated STARTED",
      "CallStatusChanged CONNECTED talk",
      "CallCompleted COMPLETED",
      "CallCost charged",
    ]);
    expect(simulated.bill).toMatchObject({ status: "charged", minutes: 1, charged: 1, unpaidMinutes: 0 });

    // Call history, events (per leg, and the call's own) and bill: the same on both engines. Only
    // the order across legs may differ: flow I rings the second phone once the first answered.
    expect(carried.placed).toEqual(simulated.placed);
    expect(carried.controls).toEqual(simulated.controls);
    const { duration, legDurations, ...history } = carried.history;
    const { duration: simulatedDuration, legDurations: simulatedLegDurations, ...simulatedHistory } = simulated.history;
    expect(history).toEqual(simulatedHistory);
    // Seconds on each engine's own clock: 2 s connected, a legs' second either side.
    expect(Math.abs(duration - simulatedDuration)).toBeLessThanOrEqual(1);
    legDurations.forEach((seconds: number, i: number) => expect(Math.abs(seconds - simulatedLegDurations[i])).toBeLessThanOrEqual(1));
    expect(carried.legEvents).toEqual(simulated.legEvents);
    expect(carried.callEvents).toEqual(simulated.callEvents);
    expect(carried.bill).toEqual(simulated.bill);

    expect(code).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
