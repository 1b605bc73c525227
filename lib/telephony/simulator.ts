import { Prisma } from "@prisma/client";
import { config } from "@/lib/core/config";
import { prisma, type Tx } from "@/lib/core/db/client";
import { silentMp3 } from "@/lib/audio/silent-mp3";
import { log } from "@/lib/core/log";
import type { EngineEvent, EngineHooks, LegRef, RecordedAudio, TelephonyEngine } from "./engine";
import { OnePassAtATime } from "./one-pass-at-a-time";
import * as B from "./simulator-behaviour";

// The deterministic telephony simulator (docs/calls.md). Its state lives in the database: pending
// actions with a due time on the clock of their call's domain (real time plus that domain's
// SimulatorClock.offsetMs), so calls survive restarts and a domain's tests move its time forward
// instead of waiting, without moving any other domain's calls. tick() fires due actions in due
// order; each is claimed by deleting it inside the transaction that applies it, so two ticks never
// fire one action twice. An in-process alarm ticks at each due time this process scheduled, so an
// answer is applied when it is due rather than at the scheduler's next tick (TELEPHONY_TICK_MS).

/** A recording started without a duration waits for stopRecord: it is due "never". */
const NEVER = new Date("9999-01-01T00:00:00Z");
/** Simulated recordings are silent MP3 (lib/audio/silent-mp3.ts); longer ones are cut to this. */
const MAX_RECORDING_SECONDS = 600;

/** Due times further off than this get no alarm: the scheduler's tick fires them (a timer is not worth holding). */
const ALARM_HORIZON_MS = 10 * 60_000;

type DueAction = { id: string; kind: string; legId: number | null; callId: number | null; dueAt: Date; data: Prisma.JsonValue };

/** A batch of due actions by call, each call's in due order (an action without a call alone). */
function byCall(due: DueAction[]): DueAction[][] {
  const groups = new Map<string, DueAction[]>();
  for (const action of due) {
    const key = action.callId === null ? action.id : `call:${action.callId}`;
    const group = groups.get(key);
    if (group) group.push(action);
    else groups.set(key, [action]);
  }
  return [...groups.values()];
}

type ActionKind = "ringing" | "answered" | "busy" | "noanswer" | "failed" | "hungup" | "dtmf" | "playComplete" | "recording" | "timer";

async function clockOffset(db: Tx, domainId: string): Promise<number> {
  const row = await db.simulatorClock.findUnique({ where: { domainId } });
  return Number(row?.offsetMs ?? 0);
}

export class Simulator implements TelephonyEngine {
  readonly name = "simulator";
  /** Real times (ms) this process's alarm goes off at, earliest first. */
  private wakeTimes: number[] = [];
  private alarm?: { at: number; timer: NodeJS.Timeout };
  private readonly passes = new OnePassAtATime(() => this.fireDue());
  /** Each open transaction's reading of its calls' clocks (callNow). */
  private readonly clockInTx = new WeakMap<Tx, Map<number, number>>();

  constructor(private readonly hooks: EngineHooks) {}

  async now(domainId: string, db: Tx = prisma): Promise<Date> {
    return new Date(Date.now() + (await clockOffset(db, domainId)));
  }

  /** The clock of the call's domain, in ms. */
  private async callNow(tx: Tx, callId: number): Promise<number> {
    // Read once per transaction and call (a call's legs are dialled in one): the clock moves only outside transactions.
    const known = tx === prisma ? undefined : (this.clockInTx.get(tx) ?? this.clockInTx.set(tx, new Map()).get(tx));
    const cached = known?.get(callId);
    if (cached !== undefined) return cached;
    // The call's domain and that domain's clock in one statement.
    const [clock] = await tx.$queryRaw<Array<{ offsetMs: bigint }>>`
      SELECT coalesce(k."offsetMs", 0) AS "offsetMs" FROM "Call" c LEFT JOIN "SimulatorClock" k ON k."domainId" = c."domainId" WHERE c."id" = ${callId}`;
    if (!clock) throw new Error(`simulator: call ${callId} does not exist`);
    const now = Date.now() + Number(clock.offsetMs);
    known?.set(callId, now);
    return now;
  }

  /** `now`: the domain's clock when the due time was computed, so the alarm can be set in real time (none for a timer). */
  private async schedule(
    tx: Tx,
    kind: ActionKind,
    dueAt: Date,
    target: { legId?: number; callId?: number },
    data: Prisma.InputJsonObject = {},
    now?: number,
  ) {
    await tx.simulatorAction.create({ data: { kind, dueAt, legId: target.legId, callId: target.callId, data } });
    if (now !== undefined) this.wakeIn(dueAt.getTime() - now);
  }

  /**
   * Sets the alarm to tick in `ms` (real time). The transaction that scheduled the action may not
   * have committed by then: the alarm then finds nothing, and the caller's own tick after its commit
   * (or the scheduler's) fires the action.
   */
  private wakeIn(ms: number): void {
    if (!(ms < ALARM_HORIZON_MS)) return;
    const at = Date.now() + Math.max(0, ms);
    let i = this.wakeTimes.length;
    while (i > 0 && this.wakeTimes[i - 1]! > at) i--;
    if (this.wakeTimes[i - 1] !== at) this.wakeTimes.splice(i, 0, at);
    this.armAlarm();
  }

  private armAlarm(): void {
    const next = this.wakeTimes[0];
    if (next === undefined || (this.alarm && this.alarm.at <= next)) return;
    if (this.alarm) clearTimeout(this.alarm.timer);
    const timer = setTimeout(() => this.alarmRang(), Math.max(0, next - Date.now()));
    timer.unref();
    this.alarm = { at: next, timer };
  }

  private alarmRang(): void {
    this.alarm = undefined;
    const now = Date.now();
    while (this.wakeTimes.length && this.wakeTimes[0]! <= now) this.wakeTimes.shift();
    this.tick().catch((error) => log.error("simulator alarm tick failed", { error: String(error) }));
    this.armAlarm();
  }

  async originate(tx: Tx, leg: LegRef): Promise<void> {
    const now = await this.callNow(tx, leg.callId);
    const at = (ms: number) => new Date(now + ms);
    const ring = config().SIMULATOR_RING_MS;
    const target = { legId: leg.legId, callId: leg.callId };
    switch (B.behaviourOf(leg.address)) {
      case "busy":
        return this.schedule(tx, "busy", at(0), target, {}, now);
      case "fails":
        return this.schedule(tx, "failed", at(0), target, { reason: "the simulated carrier rejected the number" }, now);
      case "never_answers":
        await this.schedule(tx, "ringing", at(0), target, {}, now);
        return this.schedule(tx, "noanswer", at(B.NO_ANSWER_AFTER_MS), target, {}, now);
      case "answers_at_once":
        await this.schedule(tx, "ringing", at(0), target, {}, now);
        return this.schedule(tx, "answered", at(1), target, {}, now);
      case "hangs_up_after_30s":
        await this.schedule(tx, "ringing", at(0), target, {}, now);
        await this.schedule(tx, "answered", at(ring + 1), target, {}, now);
        return this.schedule(tx, "hungup", at(ring + 1 + B.HANG_UP_AFTER_MS), target, { reason: "the far end hung up" }, now);
      default:
        await this.schedule(tx, "ringing", at(0), target, {}, now);
        return this.schedule(tx, "answered", at(ring + 1), target, {}, now);
    }
  }

  async bridge(): Promise<void> {}
  async setMode(): Promise<void> {}

  async hangup(tx: Tx, legId: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId } });
  }

  async play(tx: Tx, leg: LegRef, transactionId: string, seconds: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId: leg.legId, kind: "playComplete" } });
    const now = await this.callNow(tx, leg.callId);
    await this.schedule(tx, "playComplete", new Date(now + seconds * 1000), { legId: leg.legId, callId: leg.callId }, { transactionId }, now);
  }

  async stopPlay(tx: Tx, legId: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId, kind: "playComplete" } });
  }

  async record(tx: Tx, callId: number, seconds: number | undefined): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { callId, kind: "recording" } });
    const now = new Date(await this.callNow(tx, callId));
    const dueAt = seconds === undefined ? NEVER : new Date(now.getTime() + seconds * 1000);
    await this.schedule(tx, "recording", dueAt, { callId }, { startedAt: now.toISOString() }, now.getTime());
  }

  async stopRecord(tx: Tx, callId: number): Promise<RecordedAudio | undefined> {
    const action = await tx.simulatorAction.findFirst({ where: { callId, kind: "recording", legId: null } });
    if (!action) return undefined;
    await tx.simulatorAction.delete({ where: { id: action.id } });
    return this.audioSince(action.data, new Date(await this.callNow(tx, callId)));
  }

  private audioSince(data: Prisma.JsonValue, until: Date): RecordedAudio {
    const startedAt = new Date(String((data as { startedAt?: string }).startedAt));
    const seconds = Math.max(0, Math.round((until.getTime() - startedAt.getTime()) / 1000));
    return { bytes: silentMp3(Math.min(seconds, MAX_RECORDING_SECONDS)), extension: "mp3", seconds };
  }

  async collectDtmf(tx: Tx, leg: LegRef, maxDigits: number, timeoutSeconds: number): Promise<void> {
    await tx.simulatorAction.deleteMany({ where: { legId: leg.legId, kind: "dtmf" } });
    const now = await this.callNow(tx, leg.callId);
    const target = { legId: leg.legId, callId: leg.callId };
    if (B.behaviourOf(leg.address) === "sends_dtmf") {
      const digits = B.DTMF_DIGITS.slice(0, maxDigits);
      return this.schedule(tx, "dtmf", new Date(now + B.DTMF_AFTER_MS), target, { digits, timedOut: digits.length < maxDigits }, now);
    }
    await this.schedule(tx, "dtmf", new Date(now + timeoutSeconds * 1000), target, { digits: "", timedOut: true }, now);
  }

  async setTimer(tx: Tx, callId: number, at: Date): Promise<void> {
    // No alarm: a minute boundary can wait for the scheduler's tick (it would cost a clock read here).
    await this.schedule(tx, "timer", at, { callId });
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

  /** Moves one domain's simulated clock forward and fires everything of that domain that became due. */
  async advance(domainId: string, seconds: number): Promise<{ now: Date; fired: number }> {
    const offsetMs = BigInt(seconds * 1000);
    await prisma.simulatorClock.upsert({ where: { domainId }, create: { domainId, offsetMs }, update: { offsetMs: { increment: offsetMs } } });
    const fired = await this.fireDue(domainId);
    return { now: await this.now(domainId), fired };
  }

  /** Reports an inbound call to a number of the domain's; the callee's leg rings and is never answered (the handler decides what then). */
  async inbound(from: string, to: string, applicationId: string, domainId: string): Promise<LegRef | undefined> {
    const ringLeg = await prisma.$transaction(async (tx) => {
      const at = await this.now(domainId, tx);
      const result = await this.hooks.onEvent(tx, { kind: "inbound", at, from, to, applicationId });
      if (!result) return undefined;
      const target = { legId: result.ringLeg.legId, callId: result.ringLeg.callId };
      await this.schedule(tx, "ringing", at, target, {}, at.getTime());
      await this.schedule(tx, "noanswer", new Date(at.getTime() + B.INBOUND_RING_MS), target, {}, at.getTime());
      return result.ringLeg;
    });
    if (ringLeg) this.hooks.onCommitted(ringLeg.callId);
    return ringLeg;
  }

  /** One pass at a time in this process: a tick while one runs joins the single pass queued after it. */
  tick(): Promise<number> {
    return this.passes.run();
  }

  /** Actions due on the clock of their call's domain (only `domainId`'s when given), 50 at most, in due order. */
  private async dueActions(domainId?: string): Promise<DueAction[]> {
    // An action whose call is gone runs on real time, so it still fires (and changes nothing).
    return prisma.$queryRaw<DueAction[]>`
      SELECT a."id", a."kind", a."legId", a."callId", a."dueAt", a."data" FROM "SimulatorAction" a
      LEFT JOIN "Call" c ON c."id" = a."callId"
      LEFT JOIN "SimulatorClock" k ON k."domainId" = c."domainId"
      WHERE a."dueAt" <= ${new Date().toISOString()}::timestamp + coalesce(k."offsetMs", 0) * interval '1 millisecond'
      ${domainId ? Prisma.sql`AND c."domainId" = ${domainId}::uuid` : Prisma.empty}
      ORDER BY a."dueAt", a."id" LIMIT 50`;
  }

  private async fireDue(domainId?: string): Promise<number> {
    let fired = 0;
    for (;;) {
      const due = await this.dueActions(domainId);
      if (due.length === 0) return fired;
      const calls = byCall(due);
      // On the embedded PGlite, whose one session runs transactions one after another anyway, the
      // pass's calls share one: a BEGIN, claim and COMMIT for all of them instead of for each.
      if (calls.length > 1 && config().DB_EMBEDDED === "1") {
        try {
          fired += await this.apply(calls);
          continue;
        } catch (error) {
          log.warn("simulator: a pass's shared transaction failed; each call goes again on its own", { error: String(error) });
        }
      }
      for (const group of calls) {
        try {
          fired += await this.apply([group]);
        } catch (error) {
          if (group.length > 1) {
            // One action broke its call's transaction: the others go again on their own.
            for (const action of group) fired += await this.applyAlone(action);
            continue;
          }
          await this.dropFailed(group[0]!, error);
        }
      }
    }
  }

  /**
   * Applies calls' due actions (each call's in due order: both legs ring, both answer) in one
   * transaction, each claimed by deleting it there; the hooks hear of each call once that committed.
   */
  private async apply(calls: DueAction[][]): Promise<number> {
    const ids = calls.flat().map((a) => a.id);
    const { applied, changed } = await prisma.$transaction(async (tx) => {
      const claimed = await tx.$queryRaw<Array<{ id: string }>>`DELETE FROM "SimulatorAction" WHERE "id" = ANY(${ids}::uuid[]) RETURNING "id"`;
      const mine = new Set(claimed.map((c) => c.id)); // the rest: another tick took them
      const changed: Array<number | null> = [];
      for (const actions of calls) {
        const own = actions.filter((a) => mine.has(a.id));
        for (const action of own) await this.hooks.onEvent(tx, this.eventOf(action));
        if (own.length) changed.push(actions[0]!.callId);
      }
      return { applied: mine.size, changed };
    });
    for (const callId of changed) this.hooks.onCommitted(callId);
    return applied;
  }

  private async applyAlone(action: DueAction): Promise<number> {
    try {
      return await this.apply([[action]]);
    } catch (error) {
      await this.dropFailed(action, error);
      return 0;
    }
  }

  private async dropFailed(action: DueAction, error: unknown): Promise<void> {
    log.error("simulator action failed", { kind: action.kind, legId: action.legId, callId: action.callId, error: String(error) });
    await prisma.simulatorAction.deleteMany({ where: { id: action.id } });
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
      case "timer":
        return { kind: "timer", callId: action.callId ?? 0, at };
      default:
        return { kind: action.kind as "ringing", legId, at, reason: typeof data.reason === "string" ? data.reason : undefined };
    }
  }
}
