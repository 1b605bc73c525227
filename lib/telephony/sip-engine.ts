import { Prisma } from "@prisma/client";
import { prisma, type Tx } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { log } from "@/lib/core/log";
import { pcm8kToMp3 } from "@/lib/audio/pcm-8k";
import type { EngineEvent, EngineHooks, InboundCallLegs, LegMode, LegRef, PlayItem, RecordedAudio, TelephonyEngine } from "./engine";
import { wakeEngineAtCommit, wakeEngineNow } from "./engine-wake";
import { audioOfPlayItems } from "./play-audio";
import { OnePassAtATime } from "./one-pass-at-a-time";
import { DtmfCollector, type CollectedDtmf } from "./sip/dtmf-collector";
import { InboundCalls, type InboundReport } from "./sip/inbound-calls";
import type { MediaDirection } from "./sip/media/sdp";
import { SipUserAgent, type SipTransport } from "./sip/sip-ua";
import type { SipTrunk } from "./sip/sip-target";
import { ThirdPartyCallControl, type LegReport } from "./sip/third-party-call";

// The SIP engine (TELEPHONY_ENGINE=sip, docs/calls.md "SIP"): real phones, called by third-party
// call control (./sip/third-party-call.ts). Nothing here waits on the network inside the caller's
// transaction: each method only writes a command row there (SipEngineCommand, the engine's outbox);
// tick() claims the rows that committed and sends them; what the phones do comes back as engine
// events, each applied in a transaction of its own through the same hooks the simulator reports to.

export interface SipEngineSettings {
  host: string;
  port: number;
  trunk?: SipTrunk;
  ringSeconds: number;
  /** The transport of a target that names none (SIP_TRANSPORT). */
  defaultTransport?: SipTransport;
  /**
   * True in a web process whose calls the engine's own process carries (TELEPHONY_PROCESS=separate):
   * this one only writes commands and wakes that process; it never listens for SIP nor sends one.
   */
  commandsOnly?: boolean;
}

type CommandKind = "originate" | "hangup" | "mode" | "timer" | "collectDtmf" | "play" | "stopPlay" | "record" | "stopRecord";

interface CommandRow {
  id: bigint;
  kind: CommandKind;
  callId: number | null;
  legId: number | null;
  data: Prisma.JsonValue;
  dueAt: Date;
}

const BATCH = 50;

function notBuilt(what: string): ApiError {
  return new ApiError("service_unavailable", `The SIP engine does not ${what} yet (docs/calls.md, "SIP"); the simulator does.`);
}

/**
 * The direction offered to a leg's phone, speaking for the other phone: hold (the leg neither hears
 * nor is heard) is inactive; mute (it hears, it is not heard) is sendonly, which the phone answers
 * recvonly, so it stops sending; talk is sendrecv.
 */
export const DIRECTION_OF_MODE: Record<LegMode, MediaDirection> = { hold: "inactive", mute: "sendonly", talk: "sendrecv" };

export class SipEngine implements TelephonyEngine {
  readonly name = "sip";
  private control?: Promise<ThirdPartyCallControl>;
  private userAgent?: SipUserAgent;
  private inbound?: InboundCalls;
  private readonly passes = new OnePassAtATime(() => this.sendDue());
  /** Events are applied one after another, in the order the phones produced them. */
  private applying: Promise<void> = Promise.resolve();
  /** Digits the calls API asked for, per leg, fed by the phones' SIP INFO; the call of each leg collecting. */
  private readonly dtmf = new DtmfCollector((collected) => this.collected(collected));
  private readonly callOfCollectingLeg = new Map<number, number>();

  constructor(
    private readonly hooks: EngineHooks,
    private readonly settings: SipEngineSettings,
  ) {}

  async now(): Promise<Date> {
    return new Date();
  }

  private async enqueue(
    tx: Tx,
    kind: CommandKind,
    target: { callId?: number; legId?: number },
    data: Prisma.InputJsonObject = {},
    dueAt = new Date(),
  ) {
    await tx.$executeRaw`
      INSERT INTO "SipEngineCommand" ("kind", "callId", "legId", "data", "dueAt")
      VALUES (${kind}, ${target.callId ?? null}, ${target.legId ?? null}, ${JSON.stringify(data)}::jsonb, ${dueAt.toISOString()}::timestamp)`;
    if (this.settings.commandsOnly) await wakeEngineAtCommit(tx);
  }

  async originate(tx: Tx, leg: LegRef, callerId: string | null): Promise<void> {
    await this.enqueue(tx, "originate", leg, { address: leg.address, callerId });
  }

  /** Nothing to do: the two legs' media meet when leg B's answer is ACKed to leg A (RFC 3725 flow I). */
  async bridge(): Promise<void> {}

  /** Hold, mute and talk: a re-INVITE to the leg's phone after the commit (./sip/third-party-call.ts, setMode). */
  async setMode(tx: Tx, legId: number, mode: LegMode): Promise<void> {
    await this.enqueue(tx, "mode", { legId }, { mode });
  }

  async hangup(tx: Tx, legId: number): Promise<void> {
    // A leg whose originate has not gone out yet is simply never dialled.
    const unsent = await tx.$executeRaw`DELETE FROM "SipEngineCommand" WHERE "legId" = ${legId} AND "kind" = 'originate'`;
    if (unsent === 0) await this.enqueue(tx, "hangup", { legId });
  }

  /** Plays to the leg after the commit: the call's media is anchored through us, the items spoken or decoded, playComplete when all was sent. */
  async play(tx: Tx, leg: LegRef, transactionId: string, seconds: number, media: PlayItem[] = []): Promise<void> {
    await this.enqueue(tx, "play", leg, { transactionId, seconds, media: media.map((item) => ({ ...item })) });
  }

  async stopPlay(tx: Tx, legId: number): Promise<void> {
    await this.enqueue(tx, "stopPlay", { legId });
  }

  /** Records the call (both phones mixed) after the commit; with `seconds`, recordComplete follows after that long. */
  async record(tx: Tx, callId: number, seconds: number | undefined): Promise<void> {
    await this.enqueue(tx, "record", { callId }, seconds ? { seconds } : {});
  }

  /** The recording lives in this process's media: it stops after the commit, and recordComplete reports it. */
  async stopRecord(tx: Tx, callId: number): Promise<"reported"> {
    await this.enqueue(tx, "stopRecord", { callId });
    return "reported";
  }

  /** Starts collecting after the commit (a command row); only digits sent by SIP INFO arrive (docs/calls.md, "SIP"). */
  async collectDtmf(tx: Tx, leg: LegRef, maxDigits: number, timeoutSeconds: number): Promise<void> {
    await this.enqueue(tx, "collectDtmf", leg, { maxDigits, timeoutSeconds });
  }

  async transfer(): Promise<void> {
    throw notBuilt("transfer legs");
  }

  async testForwarding(): Promise<{ forwarded: boolean; detail: string }> {
    return { forwarded: false, detail: "the SIP engine cannot place a forwarding test call yet" };
  }

  async setTimer(tx: Tx, callId: number, at: Date): Promise<void> {
    await this.enqueue(tx, "timer", { callId }, {}, at);
  }

  /** The dialogs lived in the process that stopped: no call survives it (yet). */
  async resume(tx: Tx, callId: number): Promise<{ resumed: false; reason: string }> {
    await tx.$executeRaw`DELETE FROM "SipEngineCommand" WHERE "callId" = ${callId}`;
    return { resumed: false, reason: "server_restart" };
  }

  /**
   * One pass at a time in this process: a tick while one runs joins the single pass queued after it.
   * Where the engine's own process carries the calls, a tick only wakes it (engine-wake.ts).
   */
  tick(): Promise<number> {
    if (!this.settings.commandsOnly) return this.passes.run();
    wakeEngineNow();
    return Promise.resolve(0);
  }

  /** Stops the user agent (tests, shutdown); calls still up are dropped without BYE. */
  async stop(): Promise<void> {
    await this.passes.current;
    await this.applying;
    this.dtmf.stopAll();
    for (const timer of this.recordTimers.values()) clearTimeout(timer);
    this.recordTimers.clear();
    await this.inbound?.stop();
    if (this.control) await (await this.control).stop();
    await this.userAgent?.stop();
    this.control = undefined;
    this.userAgent = undefined;
    this.inbound = undefined;
  }

  /** Calls this process controls now (tests): the legs of outbound calls, and inbound calls. */
  async activeLegs(): Promise<number> {
    return this.control ? (await this.control).activeLegs + (this.inbound?.active ?? 0) : 0;
  }

  private controlOf(): Promise<ThirdPartyCallControl> {
    this.control ??= SipUserAgent.start({ host: this.settings.host, port: this.settings.port }).then((ua) => {
      this.userAgent = ua;
      log.info("SIP engine listening", { host: ua.host, port: ua.port });
      this.inbound = new InboundCalls(ua, {
        mediaHost: this.settings.host,
        ringSeconds: this.settings.ringSeconds,
        arrive: (from, to) => this.arrive(from, to),
        report: (r) => this.inboundReported(r),
      });
      return new ThirdPartyCallControl(ua, {
        trunk: this.settings.trunk,
        ringSeconds: this.settings.ringSeconds,
        defaultTransport: this.settings.defaultTransport,
        report: (r) => this.reported(r),
        dtmf: ({ legId, digit }) => this.dtmf.digit(legId, digit),
      });
    });
    return this.control;
  }

  /** Claims the committed commands that are due (deleting them is the claim) and carries them out, in the order given. */
  private async sendDue(): Promise<number> {
    // The user agent listens from the first pass on (the scheduler ticks on one instance): calls from the network reach it.
    await this.controlOf();
    let done = 0;
    for (;;) {
      const claimed = await prisma.$queryRaw<CommandRow[]>`
        DELETE FROM "SipEngineCommand" WHERE "id" IN (
          SELECT "id" FROM "SipEngineCommand" WHERE "dueAt" <= ${new Date().toISOString()}::timestamp ORDER BY "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
        ) RETURNING "id", "kind", "callId", "legId", "data", "dueAt"`;
      if (claimed.length === 0) return done;
      claimed.sort((x, y) => (x.id < y.id ? -1 : 1));
      for (const command of claimed) {
        try {
          await this.carryOut(command);
        } catch (error) {
          log.error("SIP engine command failed", { kind: command.kind, callId: command.callId, legId: command.legId, error: String(error) });
        }
      }
      done += claimed.length;
    }
  }

  private async carryOut(command: CommandRow): Promise<void> {
    if (command.kind === "timer") {
      return this.apply({ kind: "timer", callId: command.callId ?? 0, at: command.dueAt }, command.callId);
    }
    const control = await this.controlOf();
    if (command.kind === "collectDtmf") {
      const data = command.data as { maxDigits?: number; timeoutSeconds?: number };
      this.callOfCollectingLeg.set(command.legId ?? 0, command.callId ?? 0);
      // RFC 4733 digits reach us once the call's media is anchored; SIP INFO digits come either way.
      void control.anchor(command.callId ?? 0).catch((error) => log.warn("SIP engine: media not anchored for digits", { error: String(error) }));
      return this.dtmf.want(command.legId ?? 0, Number(data.maxDigits ?? 1), Number(data.timeoutSeconds ?? 0));
    }
    if (command.kind === "play") return void this.playToLeg(control, command);
    if (command.kind === "stopPlay") return void (await control.endpointOfLeg(command.legId ?? 0))?.stopPlay();
    if (command.kind === "record") return void this.startRecording(control, command);
    if (command.kind === "stopRecord") return this.finishRecording(control, command.callId ?? 0);
    if (command.kind === "hangup") {
      this.stopCollecting(command.legId ?? 0);
      if (this.inbound?.hangup(command.legId ?? 0)) return;
      return control.hangup(command.legId ?? 0);
    }
    if (command.kind === "mode") {
      const { mode } = command.data as { mode: LegMode };
      // Not awaited: a phone slow to answer its re-INVITE must not hold up the other commands.
      void control
        .setDirection(command.legId ?? 0, DIRECTION_OF_MODE[mode])
        .catch((error) => log.warn("SIP engine: a mode change failed", { legId: command.legId, mode, error: String(error) }));
      return;
    }
    const data = command.data as { address?: string };
    control.originate(command.callId ?? 0, command.legId ?? 0, String(data.address ?? ""));
  }

  /** Not awaited by the pass: a play lasts its length, and the next commands must not wait for it. */
  private async playToLeg(control: ThirdPartyCallControl, command: CommandRow): Promise<void> {
    const { transactionId, media } = command.data as unknown as { transactionId: string; media: PlayItem[] };
    const legId = command.legId ?? 0;
    try {
      await control.anchor(command.callId ?? 0);
      const endpoint = await control.endpointOfLeg(legId);
      if (!endpoint) throw new Error(`leg ${legId} is not in the call`);
      const pcm = await audioOfPlayItems(media, this.hooks.readMedia && ((path) => this.hooks.readMedia!(command.callId ?? 0, path)));
      if (await endpoint.play(pcm)) await this.apply({ kind: "playComplete", legId, at: new Date(), transactionId }, command.callId);
    } catch (error) {
      log.error("SIP engine: a play failed", { legId, transactionId, error: String(error) });
    }
  }

  private readonly recordTimers = new Map<number, NodeJS.Timeout>();

  private async startRecording(control: ThirdPartyCallControl, command: CommandRow): Promise<void> {
    const callId = command.callId ?? 0;
    try {
      (await control.anchor(callId)).startRecording();
    } catch (error) {
      log.error("SIP engine: a recording could not start", { callId, error: String(error) });
      return;
    }
    const { seconds } = command.data as { seconds?: number };
    if (!seconds) return;
    clearTimeout(this.recordTimers.get(callId));
    this.recordTimers.set(
      callId,
      setTimeout(() => void this.finishRecording(control, callId), seconds * 1000),
    );
  }

  /** The call's recording (kept by its anchor also when the call ended first), as MP3, in a recordComplete. */
  private async finishRecording(control: ThirdPartyCallControl, callId: number): Promise<void> {
    clearTimeout(this.recordTimers.get(callId));
    this.recordTimers.delete(callId);
    const pcm = await control.takeRecording(callId);
    const audio: RecordedAudio = { bytes: pcm.length ? pcm8kToMp3(pcm) : new Uint8Array(0), extension: "mp3", seconds: pcm.length / 8000 };
    await this.apply({ kind: "recordComplete", callId, at: new Date(), audio }, callId);
  }

  private collected({ legId, digits, timedOut }: CollectedDtmf): void {
    const callId = this.callOfCollectingLeg.get(legId) ?? null;
    this.callOfCollectingLeg.delete(legId);
    void this.apply({ kind: "dtmf", legId, at: new Date(), digits, timedOut }, callId);
  }

  private stopCollecting(legId: number): void {
    this.dtmf.stop(legId);
    this.callOfCollectingLeg.delete(legId);
  }

  private reported(report: LegReport): void {
    if (report.state !== "ringing" && report.state !== "answered") this.stopCollecting(report.legId);
    const event: EngineEvent = { kind: report.state, legId: report.legId, at: new Date(), reason: report.reason };
    void this.apply(event, report.callId);
  }

  /** A call from the network: the calls API takes it (or not) in a transaction of its own, in order with the events. */
  private arrive(from: string, to: string): Promise<InboundCallLegs | undefined> {
    const run = this.applying.then(async () => {
      const legs = await prisma.$transaction((tx) => this.hooks.onEvent(tx, { kind: "inbound", at: new Date(), from, to }));
      if (legs) this.hooks.onCommitted(legs.ringLeg.callId);
      return legs || undefined;
    });
    this.applying = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private inboundReported({ callId, legId, state, reason, message }: InboundReport): void {
    const at = new Date();
    const event: EngineEvent = state === "noanswer" ? { kind: "noanswer", legId, at, reason, message } : { kind: state, legId, at, reason };
    void this.apply(event, callId);
  }

  /** Applies an event in a transaction of its own; then the call's waiters wake, and what the event asked of us is sent. */
  private apply(event: EngineEvent, callId: number | null): Promise<void> {
    const run = this.applying.then(async () => {
      try {
        await prisma.$transaction((tx) => this.hooks.onEvent(tx, event));
        this.hooks.onCommitted(callId);
      } catch (error) {
        log.error("SIP engine event failed", { kind: event.kind, callId, error: String(error) });
      }
    });
    this.applying = run;
    // What applying the event asked of us (the other leg's hangup) goes out in the next pass; not awaited: a timer is applied inside one.
    void run.then(() => this.tick()).catch((error) => log.error("SIP engine tick after an event failed", { error: String(error) }));
    return run;
  }
}
