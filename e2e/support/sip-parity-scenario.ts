import fs from "node:fs";
import path from "node:path";
import { BaresipPhone } from "@/lib/telephony/testing/baresip-phone";
import { bringUpNamespaceNetwork, reportScenario } from "@/lib/telephony/testing/network-namespace";
import { client, createLoggedInUser } from "./api-client";
import { demo } from "./fixtures";
import { startServer, type TestServer } from "./server";

// Runs inside a network namespace of its own (started by e2e/api/calls-sip-parity.test.ts): one
// scenario placed on two servers, the simulator and TELEPHONY_ENGINE=sip with two baresip phones,
// with the same addresses: a call connects, talks, is put on hold and back, and is hung up through
// the API. Reports each server's call history, events and bill in a form both can be compared in.

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: sip-parity-scenario.ts <empty folder>");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const APP_ID = `${demo.domain}:${demo.appName}`;

type Payload = { type: string; params: Record<string, unknown> };

/** An event as "<type> <status> <mode>" (what of it does not depend on the run). */
const describe = (e: Payload) => [e.type, e.params.status, e.params.mode].filter((part) => part !== undefined).join(" ");

/** What a client sees of one call on one server, without what must differ (ids, times, addresses of this run). */
async function placeTalkHangUp(server: TestServer, legs: string[]) {
  const app = client(server.baseUrl);
  const user = await createLoggedInUser(server.baseUrl);
  const placed = await app("POST", `/calls/${user.guid}`, { json: { legs } });
  if (placed.status !== 201) return { placed: { status: placed.status, text: placed.text.slice(0, 300) } };
  const id = placed.body.entry.id as number;
  await sleep(1000);
  const held = await app("PUT", `/calls/${user.guid}/${id}`, { json: { mode: "hold" } });
  await sleep(500);
  const talking = await app("PUT", `/calls/${user.guid}/${id}`, { json: { mode: "talk" } });
  await sleep(500);
  const hungUp = await app("PUT", `/calls/${user.guid}/${id}`, { json: { active: false } });
  let ended: Record<string, any> | undefined;
  for (let i = 0; i < 50 && !ended?.endTime; i++) {
    await sleep(200);
    const entry = (await app("GET", `/calls/${user.guid}/${id}`)).body.entry;
    if (entry && !entry.active) ended = entry;
  }
  // The webhooks of the call, oldest first, once its CallCost is there (it is the last).
  let events: Payload[] = [];
  for (let i = 0; i < 50 && !events.some((e) => e.type === "CallCost"); i++) {
    await sleep(200);
    const res = await app("GET", `/apps/${APP_ID}/events?count=100`);
    events = (res.body.entry as Array<{ payload: Payload }>)
      .map((e) => e.payload)
      .filter((p) => p.params.callid === id)
      .reverse();
  }
  const legIndex = (legId: unknown) => ended?.legs.findIndex((l: { id: unknown }) => l.id === legId);
  const listed = await app("GET", `/calls/${user.guid}?count=5`);
  return {
    placed: { status: placed.status, callStatus: placed.body.entry.status, legs: placed.body.entry.legs.map((l: { status: string }) => l.status) },
    controls: [held.status, held.body?.entry?.mode, talking.status, talking.body?.entry?.mode, hungUp.status],
    history: ended && {
      status: ended.status,
      reason: ended.reason ?? null,
      outbound: ended.outbound,
      mode: ended.mode,
      legs: ended.legs.map((l: { address: string; status: string; reason?: string }) => ({
        address: l.address,
        status: l.status,
        reason: l.reason ?? null,
      })),
      success: ended.success,
      hasTimes: Boolean(ended.startTime && ended.endTime),
      // Of the 2 s the call was connected (each engine's clock), and each leg's.
      duration: ended.duration,
      legDurations: ended.legs.map((l: { duration?: number }) => l.duration),
      listed: listed.body.totalResults,
    },
    // Per leg: the events that name it, in order; the call's own: those that name no leg.
    legEvents: [0, 1].map((index) => events.filter((e) => e.params.leg !== undefined && legIndex(e.params.leg) === index).map(describe)),
    callEvents: events.filter((e) => e.params.leg === undefined).map(describe),
    bill: (({ status, minutes, charged, unpaidMinutes, unitPrice, amount, currency }) => ({
      status,
      minutes,
      charged,
      unpaidMinutes,
      unitPrice,
      amount,
      currency,
    }))((events.find((e) => e.type === "CallCost")?.params ?? {}) as Record<string, unknown>),
  };
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const alice = new BaresipPhone(path.join(dir!, "a"), 5180, [{ user: "alice", answer: "auto" }], 440);
  const bob = new BaresipPhone(path.join(dir!, "b"), 5190, [{ user: "bob", answer: "auto" }], 660);
  const servers: TestServer[] = [];
  try {
    for (const phone of [alice, bob]) await phone.start();
    const legs = [alice.address("alice"), bob.address("bob")];
    const simulator = await startServer({ log: process.env.SIP_SCENARIO_LOG && `${process.env.SIP_SCENARIO_LOG}.simulator` });
    servers.push(simulator);
    const simulated = await placeTalkHangUp(simulator, legs);
    const sip = await startServer({
      log: process.env.SIP_SCENARIO_LOG,
      env: { TELEPHONY_ENGINE: "sip", SIP_BIND_HOST: "127.0.0.1", SIP_BIND_PORT: "5070", SIP_RING_SECONDS: "5" },
    });
    servers.push(sip);
    const carried = await placeTalkHangUp(sip, legs);
    for (let i = 0; i < 25 && [alice, bob].some((phone) => phone.callsEnded() < 1); i++) await sleep(200);
    return {
      simulated,
      carried,
      phonesEnded: [alice.callsEnded(), bob.callsEnded()],
      reinvited: [alice, bob].map((p) => p.log.split("got re-INVITE (SDP Offer)").length - 1),
    };
  } finally {
    for (const phone of [alice, bob]) await phone.stop();
    for (const server of servers) await server.stop();
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
}

reportScenario(main);
