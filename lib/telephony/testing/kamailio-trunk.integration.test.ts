import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { kamailioSkipReason } from "./kamailio-trunk";
import { NamespaceScenario, namespaceSkipReason } from "./network-namespace";

// Third-party call control dialling tel: numbers through a real trunk: Debian's kamailio asking for
// digest credentials and routing like a carrier (./kamailio-trunk.ts), with baresip phones
// behind it, all inside a network namespace the test creates. The namespace's side runs
// ./kamailio-trunk-scenario.ts.

const SCENARIO = path.join(__dirname, "kamailio-trunk-scenario.ts");
const SCENARIO_LIMIT_MS = 80_000;

const skipReason = namespaceSkipReason() ?? kamailioSkipReason();
if (skipReason) console.warn(`SKIPPED kamailio-trunk.integration.test.ts: ${skipReason}`);

describe.skipIf(skipReason !== null)(`calls through a kamailio trunk${skipReason ? ` (skipped: ${skipReason})` : ""}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamailio-trunk-"));
  const scenario = new NamespaceScenario(SCENARIO, SCENARIO_LIMIT_MS);

  afterAll(() => {
    scenario.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "authenticates, connects two numbers whose phones hear each other, hangs up through the trunk; busy, 503, no answer and a wrong password",
    { timeout: 90_000 },
    async () => {
      const { code, output, report } = await scenario.run(dir, process.env);
      expect(report, `the scenario ended with ${code}:\n${output}`).toBeDefined();

      // The trunk let every INVITE through only with the right digest (qop=auth), and routed each number.
      expect(report.trunkInvites).toEqual([
        "trunk: INVITE +15550100001 from account",
        "trunk: INVITE +15550100005 from account",
        "trunk: INVITE +15550100002 from account",
        "trunk: INVITE +15550100004 from account",
        "trunk: INVITE +15550100003 from account",
      ]);
      expect(report.connected).toEqual({ a: true, b: true, aEnded: null, bEnded: null });
      // RTP went phone to phone (the trunk only signals): each heard the other's tone.
      expect(report.aliceHeardHz).toEqual([expect.closeTo(660, -1)]);
      expect(report.bobHeardHz).toEqual([expect.closeTo(440, -1)]);
      // Our BYEs followed the trunk's Record-Route and ended both phones' calls; carol never answered.
      expect(report.callsEnded).toEqual([1, 1, 0]);
      expect(report.busy).toEqual({ state: "busy", status: 486, reason: "486 Busy Here" });
      expect(report.busySecondLegDialled).toBe(false);
      expect(report.failed).toEqual({ state: "failed", status: 503, reason: "503 Service Unavailable" });
      // Rang carol through the trunk, then our CANCEL went through it: 487.
      expect(report.carolRang).toBe(true);
      expect(report.unanswered).toEqual({ state: "noanswer", status: 487, reason: "487 Request Terminated" });
      expect(report.wrongPassword).toEqual({ state: "failed", status: 407, reason: "407 Proxy Authentication Required" });
      expect(code).toBe(0);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
