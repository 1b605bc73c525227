import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NamespaceScenario, namespaceServerSkipReason } from "@/lib/telephony/testing/network-namespace";

// The SIP engine in its own process (docs/calls.md, "The engine's own process"): two instances of
// the product on one PostgreSQL, with two Debian baresip phones, inside a network namespace this
// test creates (unshare -n, as root; the PostgreSQL runs in it too). The namespace's side runs
// e2e/support/sip-engine-process-scenario.ts. The suite's own server is not used.

const ROOT = path.resolve(__dirname, "..", "..");
const SCENARIO = path.join(ROOT, "e2e", "support", "sip-engine-process-scenario.ts");
// Two product starts, a third start of one of them, and the engine takeover (5 s lock retry).
const SCENARIO_LIMIT_MS = 420_000;

const skipReason = namespaceServerSkipReason(Boolean(process.env.TEST_DATABASE_URL));
if (skipReason) console.warn(`SKIPPED calls-engine-process.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(
  `the SIP engine's own process, two instances on one PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ""}`,
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sip-engine-process-"));
    const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

    afterAll(() => {
      scenario.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it(
      "placed through one instance, held and hung up through the other; killed web workers and a restarted instance end no call; " +
        "a killed engine's calls end as server_restart and the next engine carries new ones",
      { timeout: 440_000 },
      async () => {
        const { code, output, report } = await scenario.run(dir, process.env);
        expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();

        // Both instances run an engine process; one of them listens for SIP (the lock holder).
        expect(report.enginesRunning).toEqual([1, 1]);
        expect(report.connected).toEqual({ status: 201, callStatus: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] });
        // Held through the other instance: the carrying engine re-INVITEs both phones.
        expect(report.held).toEqual({ status: 200, mode: "hold", reinvited: [1, 1] });
        // Every web worker of the carrier's instance killed, then the other instance stopped and started again: the call is up throughout.
        expect(report.killedWorkers).toBeGreaterThanOrEqual(1);
        const up = { status: "CONNECTED", legs: ["ANSWERED", "ANSWERED"] };
        expect(report.afterWorkersKilled).toMatchObject(up);
        expect(report.stoppedOther).toMatchObject(up);
        expect(report.afterOtherRestart).toMatchObject(up);
        expect(report.endedOnPhonesMeanwhile).toEqual([0, 0]);
        // Hung up through the restarted instance: both phones got the BYE.
        expect(report.ended).toMatchObject({ httpStatus: 200, status: "COMPLETED", legs: ["HUNGUP", "HUNGUP"], endedOnPhones: [1, 1] });
        // The carrying engine killed: its call is ended by the engine that takes over, as a restart ends a simulator's.
        expect(report.orphanPlaced).toBe(201);
        expect(report.orphan).toEqual({ status: "FAILURE", reason: "server_restart", legs: ["FAILURE", "FAILURE"] });
        expect(report.sipListeners).toBe(1);
        expect(report.thirdCall).toEqual({ status: 201, callStatus: "CONNECTED" });
        expect(code).toBe(0);
        expect(fs.readdirSync(dir)).toEqual([]);
      },
    );
  },
);
