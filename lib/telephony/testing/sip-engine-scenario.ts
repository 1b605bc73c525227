import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedDatabase } from "@/lib/core/db/embedded";
import { migrate } from "@/lib/core/db/migrate";
import type { EngineEvent, EngineHooks } from "../engine";
import { BaresipPhone, peakOfWav, toneHzOfWav } from "./baresip-phone";
import { bringUpNamespaceNetwork, reportScenario } from "./network-namespace";

// Runs inside a network namespace of its own (started by sip-engine.integration.test.ts):
// an embedded database on a Unix socket, three baresip phones, and the SIP engine placing calls
// between them as the calls API would: originate inside a transaction, sent after the commit, what the
// phones do applied as engine events in transactions of their own (the hooks here stand in for
// lib/calls: a leg that ends hangs up the other). Prints what happened as one JSON line.

const ENGINE_PORT = 5070;
const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: sip-engine-scenario.ts <empty folder>");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const embedded = await startEmbeddedDatabase(path.join(dir!, "db"));
  const phones = [
    new BaresipPhone(path.join(dir!, "a"), 5180, [{ user: "alice", answer: "auto" }], 440),
    new BaresipPhone(path.join(dir!, "b"), 5190, [{ user: "bob", answer: "auto" }], 660),
    new BaresipPhone(path.join(dir!, "c"), 5200, [{ user: "carol", answer: "manual" }], 550),
  ];
  const [alice, bob, carol] = phones as [BaresipPhone, BaresipPhone, BaresipPhone];
  let engine: import("../sip-engine").SipEngine | undefined;
  try {
    const pool = new pg.Pool({ connectionString: embedded.url, max: 1 });
    await migrate(pool);
    await pool.end();
    // The test started this process with DATABASE_URL naming this database's socket (<dir>/db/socket).
    const { prisma } = await import("@/lib/core/db/client");
    const { SipEngine } = await import("../sip-engine");
    for (const phone of phones) await phone.start();

    const events: { legId: number; kind: string; reason?: string }[] = [];
    const partner = new Map<number, number>([
      [11, 12],
      [12, 11],
      [21, 22],
      [22, 21],
      [31, 32],
      [32, 31],
    ]);
    const ended = new Set<number>();
    const dtmf: { legId: number; digits: string; timedOut: boolean }[] = [];
    const hooks: EngineHooks = {
      async onEvent(tx, event: EngineEvent) {
        if (!("legId" in event)) return;
        if (event.kind === "dtmf") dtmf.push({ legId: event.legId, digits: event.digits, timedOut: event.timedOut });
        events.push({ legId: event.legId, kind: event.kind, ...("reason" in event && event.reason ? { reason: event.reason } : {}) });
        if (["busy", "noanswer", "failed", "hungup"].includes(event.kind)) {
          ended.add(event.legId);
          const other = partner.get(event.legId)!;
          if (!ended.has(other)) {
            ended.add(other);
            await sip.hangup(tx, other);
          }
        }
      },
      onCommitted() {},
    };
    const sip = new SipEngine(hooks, { host: "127.0.0.1", port: ENGINE_PORT, ringSeconds: 2 });
    engine = sip;
    const until = async (what: string, check: () => boolean, limitMs = 8000) => {
      const deadline = Date.now() + limitMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`${what} never happened; events: ${JSON.stringify(events)}`);
        await sleep(50);
      }
    };
    const has = (legId: number, kind: string) => events.some((e) => e.legId === legId && e.kind === kind);

    // Call 1: alice and bob. Nothing goes out while the transaction is open.
    let legsDuringTransaction = -1;
    await prisma.$transaction(async (tx) => {
      await sip.originate(tx, { callId: 1, legId: 11, address: alice.address("alice") }, null);
      await sip.originate(tx, { callId: 1, legId: 12, address: bob.address("bob") }, null);
      await sleep(300);
      legsDuringTransaction = await sip.activeLegs();
    });
    const sent = await sip.tick();
    await until("both legs answered", () => has(11, "answered") && has(12, "answered"));
    await alice.waitFor("Call established", 3000);
    await bob.waitFor("Call established", 3000);
    // Digits asked of bob's leg: the request puts the call's media through the engine (RFC 4733 digits
    // then reach it; the phones keep hearing each other through the relay); bob sends none, so it
    // times out with none. The command goes out after its commit like the others.
    const dtmfStarted = Date.now();
    await prisma.$transaction((tx) => sip.collectDtmf(tx, { callId: 1, legId: 12, address: bob.address("bob") }, 2, 1));
    await sip.tick();
    await until("the DTMF timeout", () => has(12, "dtmf"), 4000);
    const dtmfAfterMs = Date.now() - dtmfStarted;
    await sleep(1000); // RTP both ways, phone to phone, 2 s in all

    // Call 2: alice is in a call (call_max_calls 1): busy, and its second leg is never dialled.
    await prisma.$transaction(async (tx) => {
      await sip.originate(tx, { callId: 2, legId: 21, address: alice.address("alice") }, null);
      await sip.originate(tx, { callId: 2, legId: 22, address: bob.address("bob") }, null);
    });
    await sip.tick();
    await until("the busy leg", () => has(21, "busy"));

    // alice hangs up call 1: her BYE ends leg 11, and the engine's BYE ends bob's leg.
    await alice.command("hangup");
    await until("alice's hangup", () => has(11, "hungup"));
    await until("bob's BYE", () => /terminated/i.test(bob.log), 4000);

    // Call 3: carol does not answer; after the ring time the leg is cancelled.
    await prisma.$transaction(async (tx) => {
      await sip.originate(tx, { callId: 3, legId: 31, address: carol.address("carol") }, null);
      await sip.originate(tx, { callId: 3, legId: 32, address: bob.address("bob") }, null);
    });
    await sip.tick();
    await until("the unanswered leg", () => has(31, "noanswer"), 6000);

    // Call 4: alice and bob again, over TCP (an address with ;transport=tcp), then hung up by the engine.
    const heardBeforeTcp = [alice, bob].map((phone) => phone.heardWavs().length);
    await prisma.$transaction(async (tx) => {
      await sip.originate(tx, { callId: 4, legId: 41, address: `${alice.address("alice")};transport=tcp` }, null);
      await sip.originate(tx, { callId: 4, legId: 42, address: `${bob.address("bob")};transport=tcp` }, null);
    });
    await sip.tick();
    await until("both TCP legs answered", () => has(41, "answered") && has(42, "answered"));
    await alice.waitFor("Call established", 3000, 2);
    await bob.waitFor("Call established", 3000, 2);
    await sleep(1000);
    await prisma.$transaction(async (tx) => {
      await sip.hangup(tx, 41);
      await sip.hangup(tx, 42);
    });
    await sip.tick();
    await until("the TCP call's BYEs", () => [alice, bob].every((phone) => phone.callsEnded() >= 2), 4000);
    await sleep(300);
    await sip.tick();
    const left = await prisma.$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM "SipEngineCommand"`;
    const activeAtEnd = await sip.activeLegs();
    await sip.stop();
    engine = undefined;
    await prisma.$disconnect();
    for (const phone of phones) await phone.stop();
    return {
      legsDuringTransaction,
      sent,
      events,
      dtmf,
      dtmfAfterMs,
      activeAtEnd,
      commandsLeft: Number(left[0]!.count),
      heardByAlice: alice
        .heardWavs()
        .slice(0, heardBeforeTcp[0])
        .map((file) => ({ peak: peakOfWav(file), hz: toneHzOfWav(file) })),
      heardByBob: bob
        .heardWavs()
        .slice(0, heardBeforeTcp[1])
        .map((file) => ({ peak: peakOfWav(file), hz: toneHzOfWav(file) })),
      // baresip names the transport of the call it ended: the TCP call's line says ;transport=tcp.
      bobTcpTerminated: /:5190;transport=tcp: Call with sip:switchboard@127\.0\.0\.1:5070 terminated/.test(bob.log),
      heardOverTcp: [alice, bob].map((phone, i) =>
        phone
          .heardWavs()
          .slice(heardBeforeTcp[i])
          .map((file) => toneHzOfWav(file)),
      ),
      established: phones.map((phone) => phone.log.split("Call established").length - 1),
      // baresip names where the other phone's RTP comes from (198.18.0.1: the namespace's own address).
      rtpFrom: [alice, bob].map((phone) => /receiving from ([\d.]+):\d+/.exec(phone.log)?.[1] ?? null),
      bobTerminated: /Call with sip:switchboard@127\.0\.0\.1:5070 terminated/.test(bob.log),
    };
  } finally {
    await engine?.stop().catch(() => undefined);
    for (const phone of phones) await phone.stop();
    await embedded.stop();
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
}

reportScenario(main);
