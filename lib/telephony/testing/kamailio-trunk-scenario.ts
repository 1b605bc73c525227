import fs from "node:fs";
import path from "node:path";
import { SipUserAgent } from "../sip/sip-ua";
import { ThirdPartyCallControl, type LegReport } from "../sip/third-party-call";
import { BaresipPhone, toneHzOfWav } from "./baresip-phone";
import { KamailioTrunk, type TrunkAccount } from "./kamailio-trunk";
import { bringUpNamespaceNetwork, reportScenario } from "./network-namespace";

// Runs inside a network namespace of its own (started by kamailio-trunk.integration.test.ts):
// kamailio as the carrier's trunk (digest credentials, routing by the number's last digits), three
// baresip phones behind it, and third-party call control dialling tel: numbers through the trunk as
// the SIP engine does. Prints what happened as one JSON line.

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: kamailio-trunk-scenario.ts <empty folder>");

const ACCOUNT: TrunkAccount = { realm: "trunk.test", username: "account", password: "trunk-pass" };
const RING_SECONDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limitMs} ms`);
    await sleep(50);
  }
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const alice = new BaresipPhone(path.join(dir!, "a"), 5180, [{ user: "alice", answer: "auto" }], 440);
  const bob = new BaresipPhone(path.join(dir!, "b"), 5190, [{ user: "bob", answer: "auto" }], 660);
  const carol = new BaresipPhone(path.join(dir!, "c"), 5200, [{ user: "carol", answer: "manual" }], 550);
  const phones = [alice, bob, carol];
  const trunk = new KamailioTrunk(path.join(dir!, "k"), 5080, ACCOUNT, {
    first: alice.address("alice"),
    neverAnswers: carol.address("carol"),
    other: bob.address("bob"),
  });
  let ua: SipUserAgent | undefined;
  const reports: LegReport[] = [];
  try {
    for (const phone of phones) await phone.start();
    await trunk.start();
    ua = await SipUserAgent.start({ host: "127.0.0.1", port: 5070 });
    const final = (legId: number) => reports.find((r) => r.legId === legId && r.state !== "ringing" && r.state !== "answered");
    const answered = (legId: number) => reports.some((r) => r.legId === legId && r.state === "answered");
    const stateOf = (legId: number) => {
      const report = final(legId);
      return report && { state: report.state, status: report.status, reason: report.reason };
    };
    const trunkSettings = { uri: trunk.uri, username: ACCOUNT.username, password: ACCOUNT.password };
    const control = new ThirdPartyCallControl(ua, { trunk: trunkSettings, ringSeconds: RING_SECONDS, report: (r) => reports.push(r) });

    // Call 1: two numbers through the trunk, alice (...0001) and bob (...0005); both answer and hear each other.
    control.originate(1, 11, "tel:15550100001");
    control.originate(1, 12, "tel:15550100005");
    await until("both legs answering", () => answered(11) && answered(12), 15_000);
    await sleep(1500);
    control.hangup(11);
    control.hangup(12);
    await until("both phones ending the call", () => alice.callsEnded() === 1 && bob.callsEnded() === 1, 8000);

    // Call 2: ...0002 is busy; its second leg is never dialled.
    control.originate(2, 21, "tel:15550100002");
    control.originate(2, 22, "tel:15550100005");
    await until("the busy leg", () => final(21) !== undefined, 8000);
    control.hangup(22);

    // Call 3: ...0004 fails with 503.
    control.originate(3, 31, "tel:15550100004");
    await until("the failed leg", () => final(31) !== undefined, 8000);

    // Call 4: ...0003 rings carol, who never answers: cancelled after the ring time, through the trunk.
    control.originate(4, 41, "tel:15550100003");
    await until("the unanswered leg", () => final(41) !== undefined, (RING_SECONDS + 8) * 1000);

    // Call 5: the wrong password is refused by the trunk.
    const refused = new ThirdPartyCallControl(ua, {
      trunk: { ...trunkSettings, password: "not-the-password" },
      ringSeconds: RING_SECONDS,
      report: (r) => reports.push(r),
    });
    refused.originate(5, 51, "tel:15550100005");
    await until("the refused leg", () => final(51) !== undefined, 8000);

    const trunkInvites = trunk.log.match(/trunk: INVITE \S+ from \S+/g) ?? [];
    const callsEnded = phones.map((phone) => phone.callsEnded());
    const carolRang = /Incoming call from/i.test(carol.log);
    for (const phone of phones) await phone.stop();
    return {
      connected: { a: answered(11), b: answered(12), aEnded: stateOf(11) ?? null, bEnded: stateOf(12) ?? null },
      aliceHeardHz: alice.heardWavs().map((file) => toneHzOfWav(file)),
      bobHeardHz: bob.heardWavs().map((file) => toneHzOfWav(file)),
      callsEnded,
      busy: stateOf(21),
      busySecondLegDialled: reports.some((r) => r.legId === 22),
      failed: stateOf(31),
      unanswered: stateOf(41),
      carolRang,
      wrongPassword: stateOf(51),
      trunkInvites,
    };
  } catch (error) {
    // What the legs reported and what the trunk and the phones said, for the failure message.
    const tail = (text: string) => text.split("\n").slice(-25).join("\n");
    const phoneLogs = phones.map((phone) => tail(phone.log)).join("\n---\n");
    throw new Error(`${String(error)}\nreports: ${JSON.stringify(reports)}\nkamailio:\n${tail(trunk.log)}\nphones:\n${phoneLogs}`);
  } finally {
    await ua?.stop();
    for (const phone of phones) await phone.stop();
    await trunk.stop();
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
}

reportScenario(main);
