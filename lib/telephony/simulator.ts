import type { Prisma } from "@prisma/client";
import { config } from "@/lib/config";
import { prisma, type Tx } from "@/lib/db/client";
import { log } from "@/lib/log";
import type { EngineEvent, EngineEventHandler, LegRef, RecordedAudio, TelephonyEngine } from "./engine";
import * as B from "./simulator-behaviour";

// The deterministic telephony simulator (docs/calls.md). Its state lives in the database: pending
// actions with a due time on its own clock (real time plus SimulatorClock.offsetMs), so calls
// survive restarts and tests move time forward instead of waiting. tick() fires due actions in due
// order; each is claimed by deleting it inside the transaction that applies it, so two ticks never
// fire one action twice.

/** A recording started without a duration waits for stopRecord: it is due "never". */
const NEVER = new Date("9999-01-01T00:00:00Z");
/** Simulated recordings are 8 kHz 8-bit mono silence; longer ones are cut to this. */
const MAX_RECORDING_SECONDS = 600;

type ActionKind = "ringing" | "answered" | "busy" | "noanswer" | "failed" | "hungup" | "dtmf" | "playComplete" | "recording";

async function clockOffset(db: Tx = prisma): Promise<number> {
  const row = await db.simulatorClock.findUnique({ where: { id: 1 } });
  return Number(row?.offsetMs ?? 0);
}

/** A WAV file of silence: a small valid recording the media store can serve. */
export function silentWav(seconds: number): Uint8Array {
  const samples = 8000 * Math.max(0, Math.min(seconds, MAX_RECORDING_SECONDS));
  const buffer = Buffer.alloc(44 + samples, 0x80);
  buffer.write("RIFF", 0);
  buffer.writeUInt32LE(36 + samples, 4);
  buffer.write("WAVEfmt ", 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(8000, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write("data", 36);
  buffer.writeUInt32LE(samples, 40);
  return new Uint8Array(buffer);
}

export class Simulator implements TelephonyEngine {
  readonly name = "simulator";
  constructor(private readonly onEvent: EngineEventHandler) {}

  async now(db?: Tx): Promise<Date> {
    return new Date(Date.now() + (await clockOffset(db)));
  }

  private async schedule(tx: Tx, kind: ActionKind, dueAt: Date, target: { legId?: number; callId?: number }, data: Prisma.InputJsonObject = {}) {
    await tx.simulatorAction.create({ data: { kind, dueAt, legId: target.legId, callId: target.callId, data } });
  }

  async originate(tx: Tx, leg: LegRef): Promise<void> {
    const now = (await this.now(tx)).getTime();
    const at = (ms: number) => new Date(now + ms);
    const ring = config().SIMULATOR_RING_MS;
    const target = { legId: leg.legId, callId: leg.callId };
    switch (B.behaviourOf(leg.address)) {
      case "busy":
        return this.schedule(tx, "busy", at(0), target);
      case "fails":
        return this.schedule(tx, "failed", at(0), target, { reason: "the simulated carrier rejected the number" });
      case "never_answers":
        await this.schedule(tx, "ringing", at(0), target);
        return this.schedule(tx, "noanswer", at(B.NO_ANSWER_AFTER_MS), target);
      case "answers_at_once":
        await this.schedule(tx, "ringing", at(0), target);
        return this.schedule(tx, "answered", at(1), target);
      case "hangs_up_after_30s":
        await this.schedule(tx, "ringing", at(0), target);
        await this.schedule(tx, "answered", at(ring + 1), target);
        return this.schedule(tx, "hungup", at(ring + 1 + B.HANG_UP_AFTER_MS), target, { reason: "the far end hung up" });
      default:
        await this.schedule(tx, "ringing", at(0), target);
        return this.schedule(tx, "answered", at(ring + 1), target);
    }
  }

  async bridge(): Promise<void> {}
  async setMode(): Promise<void> {}

  async hangup(tx: Tx, legId: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId } });
  }

  async play(tx: Tx, leg: LegRef, transactionId: string, seconds: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId: leg.legId, kind: "playComplete" } });
    const now = (await this.now(tx)).getTime();
    await this.schedule(tx, "playComplete", new Date(now + seconds * 1000), { legId: leg.legId, callId: leg.callId }, { transactionId });
  }

  async stopPlay(tx: Tx, legId: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId, kind: "playComplete" } });
  }

  async record(tx: Tx, callId: number, seconds: number | undefined): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { callId, kind: "recording" } });
    const now = await this.now(tx);
    const dueAt = seconds === undefined ? NEVER : new Date(now.getTime() + seconds * 1000);
    await this.schedule(tx, "recording", dueAt, { callId }, { startedAt: now.toISOString() });
  }

  async stopRecord(tx: Tx, callId: number): Promise<RecordedAudio | undefined> {
    const action = await tx.simulatorAction.findFirst({ where: { callId, kind: "recording", legId: null } });
    if (!action) return undefined;
    await tx.simulatorAction.delete({ where: { id: action.id } });
    return this.audioSince(action.data, await this.now(tx));
  }

  private audioSince(data: Prisma.JsonValue, until: Date): RecordedAudio {
    const startedAt = new Date(String((data as { startedAt?: string }).startedAt));
    const seconds = Math.max(0, Math.round((until.getTime() - startedAt.getTime()) / 1000));
    return { bytes: silentWav(seconds), extension: "wav", seconds };
  }

  async collectDtmf(tx: Tx, leg: LegRef, maxDigits: number, timeoutSeconds: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId: leg.legId, kind: "dtmf" } });
    const now = (await this.now(tx)).getTime();
    const target = { legId: leg.legId, callId: leg.callId };
    if (B.behaviourOf(leg.address) === "sends_dtmf") {
      const digits = B.DTMF_DIGITS.slice(0, maxDigits);
      return this.schedule(tx, "dtmf", new Date(now + B.DTMF_AFTER_MS), target, { digits, timedOut: digits.length < maxDigits });
    }
    await this.schedule(tx, "dtmf", new Date(now + timeoutSeconds * 1000), target, { digits: "", timedOut: true });
  }

  async transfer(tx: Tx, fromLegId: number, to: LegRef): Promise<void> {
    await tx.simulatorAction.updateMany({ where: { legId: fromLegId }, data: { legId: to.legId, callId: to.callId } });
  }

  async testForwarding(address: string): Promise<{ forwarded: boolean; detail: string }> {
    const failures: Partial<Record<B.Behaviour, string>> = {
      busy: "the phone was busy and the call was not forwarded",
      never_answers: "the phone rang and the call was not forwarded",
      fails: "the phone could not be reached",
    };
    const why = failures[B.behaviourOf(address)];
    return why ? { forwarded: false, detail: why } : { forwarded: true, detail: "the test call was forwarded back to the platform" };
  }

  async resume(tx: Tx, callId: number): Promise<{ resumed: false; reason: string }> {
    // The simulated far ends lived in the process that stopped: nothing can carry the call on.
    await tx.simulatorAction.deleteMany({ where: { callId } });
    return { resumed: false, reason: "server_restart" };
  }

  /** Moves the simulated clock forward and fires everything that became due. */
  async advance(seconds: number): Promise<{ now: Date; fired: number }> {
    await prisma.simulatorClock.upsert({
      where: { id: 1 },
      create: { id: 1, offsetMs: BigInt(seconds * 1000) },
      update: { offsetMs: { increment: BigInt(seconds * 1000) } },
    });
    const fired = await this.tick();
    return { now: await this.now(), fired };
  }

  /** Reports an inbound call; the callee's leg rings and is never answered (the handler decides what then). */
  async inbound(from: string, to: string, applicationId: string): Promise<LegRef | undefined> {
    return prisma.$transaction(async (tx) => {
      const at = await this.now(tx);
      const result = await this.onEvent(tx, { kind: "inbound", at, from, to, applicationId });
      if (!result) return undefined;
      const target = { legId: result.ringLeg.legId, callId: result.ringLeg.callId };
      await this.schedule(tx, "ringing", at, target);
      await this.schedule(tx, "noanswer", new Date(at.getTime() + B.INBOUND_RING_MS), target);
      return result.ringLeg;
    });
  }

  async tick(): Promise<number> {
    let fired = 0;
    for (;;) {
      const now = await this.now();
      const due = await prisma.simulatorAction.findMany({ where: { dueAt: { lte: now } }, orderBy: [{ dueAt: "asc" }, { id: "asc" }], take: 50 });
      if (due.length === 0) return fired;
      for (const action of due) {
        try {
          const done = await prisma.$transaction(async (tx) => {
            const { count } = await tx.simulatorAction.deleteMany({ where: { id: action.id } });
            if (count === 0) return false; // another tick took it
            await this.onEvent(tx, this.eventOf(action));
            return true;
          });
          if (done) fired++;
        } catch (error) {
          log.error("simulator action failed", { kind: action.kind, legId: action.legId, callId: action.callId, error: String(error) });
          await prisma.simulatorAction.deleteMany({ where: { id: action.id } });
        }
      }
    }
  }

  private eventOf(action: { kind: string; legId: number | null; callId: number | null; dueAt: Date; data: Prisma.JsonValue }): EngineEvent {
    const data = action.data as Record<string, unknown>;
    const at = action.dueAt;
    const legId = action.legId ?? 0;
    switch (action.kind) {
      case "dtmf":
        return { kind: "dtmf", legId, at, digits: String(data.digits ?? ""), timedOut: data.timedOut === true };
      case "playComplete":
        return { kind: "playComplete", legId, at, transactionId: String(data.transactionId ?? "") };
      case "recording":
        return { kind: "recordComplete", callId: action.callId ?? 0, at, audio: this.audioSince(action.data, at) };
      default:
        return { kind: action.kind as "ringing", legId, at, reason: typeof data.reason === "string" ? data.reason : undefined };
    }
  }
}
