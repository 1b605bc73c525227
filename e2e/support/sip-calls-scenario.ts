import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BaresipPhone, toneHzOfWav } from "@/lib/telephony/testing/baresip-phone";
import { client, uniqueLogin } from "./api-client";
import { startServer, type TestServer } from "./server";
import { bringUpNamespaceNetwork, reportScenario } from "@/lib/telephony/testing/network-namespace";

// Runs inside a network namespace of its own (started by e2e/api/calls-sip.test.ts): the product
// started as `npm start` with TELEPHONY_ENGINE=sip, three baresip phones, and the REST calls API
// ringing them. Prints what happened as one JSON line.

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: sip-calls-scenario.ts <empty folder>");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Established TCP connections to a local port (iproute2's ss, inside this namespace). */
function tcpConnectionsTo(port: number): number {
  const out = execFileSync("ss", ["-Htn", "state", "established", `( sport = :${port} )`], { encoding: "utf8" });
  return out.split("\n").filter((line) => line.trim()).length;
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const alice = new BaresipPhone(path.join(dir!, "a"), 5180, [{ user: "alice", answer: "auto" }], 440);
  const bob = new BaresipPhone(path.join(dir!, "b"), 5190, [{ user: "bob", answer: "auto" }], 660);
  const carol = new BaresipPhone(path.join(dir!, "c"), 5200, [{ user: "carol", answer: "manual" }], 550);
  const phones = [alice, bob, carol];
  let server: TestServer | undefined;
  try {
    for (const phone of phones) await phone.start();
    server = await startServer({
      // SIP_SCENARIO_LOG=<file> keeps the server's log there (debugging a failed run).
      log: process.env.SIP_SCENARIO_LOG,
      env: { TELEPHONY_ENGINE: "sip", SIP_BIND_HOST: "127.0.0.1", SIP_BIND_PORT: "5070", SIP_RING_SECONDS: "3", CALL_CONNECT_WAIT_MS: "15000" },
    });
    const app = client(server.baseUrl);
    const user = await app("POST", "/users", { json: { login: uniqueLogin("sip"), password: "call-pass-123" } });
    if (user.status !== 201) throw new Error(`creating a user: ${user.status} ${user.text}`);
    const guid = user.body.entry.guid as string;
    const legsOf = (entry: { legs: { status: string }[] }) => entry.legs.map((leg) => leg.status);

    const placed = await app("POST", `/calls/${guid}`, { json: { legs: [alice.address("alice"), bob.address("bob")] } });
    const connected = {
      status: placed.status,
      callStatus: placed.body?.entry?.status,
      legs: placed.body?.entry ? legsOf(placed.body.entry) : placed.text,
    };
    await sleep(1500);
    await alice.command("hangup");
    let ended: { status: string; legs: string[] } | undefined;
    for (let i = 0; i < 40 && !ended; i++) {
      await sleep(200);
      const call = await app("GET", `/calls/${guid}/${placed.body.entry.id}`);
      if (call.body.entry.status !== "CONNECTED") ended = { status: call.body.entry.status, legs: legsOf(call.body.entry) };
    }
    for (let i = 0; i < 20 && bob.callsEnded() < 1; i++) await sleep(200);

    const unanswered = await app("POST", `/calls/${guid}`, { json: { legs: [carol.address("carol"), bob.address("bob")] } });
    // bob's leg over TCP (a phone or PBX that takes calls on TCP says so in its address): the call,
    // the holds, the re-INVITE passed on and the hang-up below all reach bob's phone on that connection.
    const again = await app("POST", `/calls/${guid}`, { json: { legs: [alice.address("alice"), `${bob.address("bob")};transport=tcp`] } });
    const bobTcpConnections = tcpConnectionsTo(5190);
    const busy = await app("POST", `/calls/${guid}`, { json: { legs: [alice.address("alice"), carol.address("carol")] } });
    const beforeHangup = await app("GET", `/calls/${guid}/${again.body.entry.id}`);
    const logLengths = [alice, bob].map((phone) => phone.log.length);
    const held = await app("PUT", `/calls/${guid}/${again.body.entry.id}`, { json: { mode: "hold" } });
    await sleep(1500);
    const afterHold = [alice, bob].map((phone, i) => phone.log.slice(logLengths[i]));
    // alice's phone puts the call on hold itself: its re-INVITE is passed to bob's phone, and bob's answer back.
    const beforePhoneHold = [alice, bob].map((phone) => phone.log.length);
    await alice.command("hold");
    await sleep(1500);
    const afterPhoneHold = [alice, bob].map((phone, i) => phone.log.slice(beforePhoneHold[i]));
    const hungUp = await app("PUT", `/calls/${guid}/${again.body.entry.id}`, { json: { active: false } });
    const endedOnPhones = () => [alice, bob].map((phone) => phone.callsEnded());
    for (let i = 0; i < 40 && endedOnPhones().some((count) => count < 2); i++) await sleep(200);
    const afterDelete = await app("GET", `/calls/${guid}/${again.body.entry.id}`);
    // Read before the phones stop: a stopping phone closes its calls itself.
    const endedBeforeStop = endedOnPhones();
    for (const phone of phones) await phone.stop();
    return {
      connected,
      ended,
      unanswered: { status: unanswered.status, code: unanswered.body?.code ?? unanswered.body?.error ?? unanswered.text.slice(0, 300) },
      again: { status: again.status, callStatus: again.body?.entry?.status, bobLeg: again.body?.entry?.legs?.[1]?.address, bobTcpConnections },
      busy: { status: busy.status, code: busy.body?.code ?? busy.body?.error ?? busy.text.slice(0, 300) },
      beforeHangup: {
        callStatus: beforeHangup.body?.entry?.status,
        legs: beforeHangup.body?.entry ? legsOf(beforeHangup.body.entry) : beforeHangup.text,
      },
      hungUp: {
        status: hungUp.status,
        callStatus: afterDelete.body?.entry?.status,
        legs: afterDelete.body?.entry ? legsOf(afterDelete.body.entry) : afterDelete.text,
      },
      // Calls each phone saw end: the first by alice's BYE, the second by the engine's BYE after DELETE.
      endedOnPhones: endedBeforeStop,
      // PUT mode=hold: the engine's re-INVITE (inactive) reached both phones after the commit.
      held: {
        status: held.status,
        mode: held.body?.entry?.mode,
        reinvited: afterHold.map((log) => log.split("got re-INVITE (SDP Offer)").length - 1),
      },
      // alice's own hold: bob's phone got it as a re-INVITE, and alice's phone took the answer (it updates its stream; a 488 it would log).
      phoneHold: {
        bobReinvited: afterPhoneHold[1]!.split("got re-INVITE (SDP Offer)").length - 1,
        aliceUpdatedStream: afterPhoneHold[0]!.includes("stream: update 'audio'"),
        aliceRefused: /\b(488|491|500)\b/.test(afterPhoneHold[0]!),
      },
      phoneSteps: [alice, bob].map((phone) =>
        phone.log.match(/rejected call[^\n[]*|Call established[^\n[]*|[^\n]*(?:terminated|session closed)[^\n[]*/g),
      ),
      aliceHeardHz: alice.heardWavs().map((file) => toneHzOfWav(file)),
      bobHeardHz: bob.heardWavs().map((file) => toneHzOfWav(file)),
    };
  } finally {
    for (const phone of phones) await phone.stop();
    await server?.stop();
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
}

reportScenario(main);
