import { pcm8kToMp3, speechToPcm8k } from "@/lib/audio/pcm-8k";
import { sinePcm } from "@/lib/audio/wav-tone";
import { log } from "@/lib/core/log";
import { RtpEndpoint } from "./media/rtp-endpoint";
import type { SipLegState } from "./sip-status";
import type { IncomingCall, OutgoingCall, SipUserAgent } from "./sip-ua";
import { trimSilence } from "./trim-silence";

// Calls that reach the service from the network (a trunk, a PBX, a phone): the number called is
// looked up (a purpose number's holder), the holder's own sip: phones ring at once with the
// caller's offer (first to answer wins, the others get CANCEL; media then flows caller to phone),
// and when nobody answers within the ring time the service answers the caller itself: a spoken
// greeting and a tone over RTP it terminates, then what the caller says is recorded until the
// caller hangs up (or falls silent, or the longest message is reached), as the call's voicemail.

export const VOICEMAIL_GREETING = "The person you are calling is not available. Please leave a message after the tone.";
/** The longest message; the caller then hears BYE. */
export const VOICEMAIL_MAX_SECONDS = 120;
/** A caller whose RTP stops this long is gone (a phone that vanished without BYE). */
const MEDIA_TIMEOUT_SECONDS = 10;
/** A message with less voice than this (after cutting silence) is no message: the caller hung up at the tone. */
const MIN_MESSAGE_SECONDS = 0.3;

/** The calls API's legs of an inbound call (the engine's InboundCallLegs; sip/ does not import the engine). */
export interface InboundCallLegs {
  ringLeg: { callId: number; legId: number };
  callerLegId: number;
  phones: string[];
}

/** What the caller said, as MP3 (the engine's RecordedAudio). */
export interface RecordedMessage {
  bytes: Uint8Array;
  extension: string;
  seconds: number;
}

export interface InboundReport {
  callId: number;
  legId: number;
  state: SipLegState;
  reason?: string;
  message?: RecordedMessage;
}

export interface InboundCallsOptions {
  /** SIP_BIND_HOST: our RTP goes out from there. */
  mediaHost: string;
  ringSeconds: number;
  /** The calls API's inbound event, in a transaction of its own: the legs, or undefined when nobody holds the number. */
  arrive(from: string, to: string): Promise<InboundCallLegs | undefined>;
  report(report: InboundReport): void;
}

interface InboundCall {
  sip: IncomingCall;
  legs: InboundCallLegs;
  forks: OutgoingCall[];
  winner?: OutgoingCall;
  ringTimer?: NodeJS.Timeout;
  media?: RtpEndpoint;
  /** Resolves the voicemail's wait: the caller hung up, or the API hung the call up. */
  stopRecording?: () => void;
  done: boolean;
}

/** The caller's address as a device address: a number as tel:<digits>, else its sip: URI without parameters. */
export function callerAddressOf(fromUri: string): string {
  const match = /^sips?:([^@;]+)@([^;?>]+)/i.exec(fromUri);
  if (!match) return fromUri;
  const digits = /^\+?(\d{3,15})$/.exec(match[1]!)?.[1];
  return digits ? `tel:${digits}` : `sip:${match[1]}@${match[2]!.toLowerCase()}`;
}

export class InboundCalls {
  private readonly byLeg = new Map<number, InboundCall>();
  private greeting: Promise<Int16Array | undefined> | undefined;

  constructor(
    private readonly ua: SipUserAgent,
    private readonly options: InboundCallsOptions,
  ) {
    ua.acceptCalls((call) => void this.take(call));
  }

  /** Inbound calls still up in this process. */
  get active(): number {
    return new Set(this.byLeg.values()).size;
  }

  private async take(sip: IncomingCall): Promise<void> {
    const digits = /^\+?(\d{3,15})$/.exec(sip.calledUser)?.[1];
    if (!digits) return sip.reject(404, "Not Found");
    let legs: InboundCallLegs | undefined;
    try {
      legs = await this.options.arrive(callerAddressOf(sip.fromUri), `service:${digits}`);
    } catch (error) {
      log.error("SIP engine: an inbound call could not be taken", { error: String(error) });
      return sip.reject(500, "Server Internal Error");
    }
    if (!legs) return sip.reject(404, "Not Found");
    if (sip.ended) return this.report(legs.callerLegId, legs, "hungup", "the caller hung up while the call was set up");
    const call: InboundCall = { sip, legs, forks: [], done: false };
    this.byLeg.set(legs.ringLeg.legId, call);
    this.byLeg.set(legs.callerLegId, call);
    sip.listen({
      onCancel: () => this.callerLeft(call, "the caller hung up before anyone answered"),
      onHangup: () => this.callerLeft(call, "the caller hung up"),
    });
    sip.ring();
    this.report(legs.ringLeg.legId, legs, "ringing");
    for (const phone of legs.phones) this.fork(call, phone);
    call.ringTimer = setTimeout(() => void this.takeMessage(call), this.options.ringSeconds * 1000);
  }

  /** Rings one of the user's phones with the caller's offer; the first to answer is put through. */
  private fork(call: InboundCall, phone: string): void {
    let outgoing: OutgoingCall;
    try {
      outgoing = this.ua.invite(phone, {
        sdp: call.sip.offerSdp || undefined,
        ringSeconds: this.options.ringSeconds,
        onHangup: () => {
          if (call.winner !== outgoing || call.done) return;
          this.report(call.legs.ringLeg.legId, call.legs, "hungup");
          this.finish(call);
        },
      });
    } catch (error) {
      log.warn("SIP engine: a phone of an inbound call could not be rung", { phone, error: String(error) });
      return;
    }
    call.forks.push(outgoing);
    outgoing.outcome.then(
      (outcome) => {
        if (outcome.state !== "answered") return;
        if (call.winner || call.done || call.media || !outcome.answerSdp) return void outgoing.hangup();
        call.winner = outgoing;
        clearTimeout(call.ringTimer);
        for (const other of call.forks) if (other !== outgoing) other.hangup();
        void call.sip.answer(outcome.answerSdp).then((acked) => {
          if (!acked && !call.done) {
            outgoing.hangup();
            this.report(call.legs.callerLegId, call.legs, "hungup", "the caller never confirmed the answer");
            this.finish(call);
          }
        });
        this.report(call.legs.ringLeg.legId, call.legs, "answered");
      },
      (error: unknown) => log.warn("SIP engine: a phone of an inbound call failed", { phone, error: String(error) }),
    );
  }

  /** Nobody answered in the ring time: the service answers, greets, and records the caller's message. */
  private async takeMessage(call: InboundCall): Promise<void> {
    if (call.done || call.winner) return;
    for (const fork of call.forks) fork.hangup();
    const media = await RtpEndpoint.open({ host: this.options.mediaHost, maxRecordingSeconds: VOICEMAIL_MAX_SECONDS });
    call.media = media;
    const answer = media.answer(call.sip.offerSdp);
    if (!answer) {
      call.sip.reject(488, "Not Acceptable Here");
      this.report(call.legs.ringLeg.legId, call.legs, "failed", "the caller offered no codec the service speaks (PCMU, PCMA)");
      return this.finish(call);
    }
    const acked = await call.sip.answer(answer);
    if (!acked || call.done) {
      if (!call.done) this.report(call.legs.callerLegId, call.legs, "hungup", "the caller never confirmed the answer");
      return this.finish(call);
    }
    this.greeting ??= speechToPcm8k(VOICEMAIL_GREETING);
    const spoken = await this.greeting;
    if (spoken && !call.done) await media.play(spoken);
    // A beep before the message: 0.4 s of 1 kHz.
    if (!call.done) await media.play(sinePcm(0.4, 1000, { amplitude: 9000 }));
    if (call.done) return;
    media.startRecording();
    const ended = await new Promise<"caller" | "limit" | "silence" | "api">((resolve) => {
      const started = Date.now();
      const settle = (why: "caller" | "limit" | "silence" | "api") => {
        clearInterval(watch);
        resolve(why);
      };
      const watch = setInterval(() => {
        if (Date.now() - started >= VOICEMAIL_MAX_SECONDS * 1000) settle("limit");
        else if (media.silentForSeconds() >= MEDIA_TIMEOUT_SECONDS) settle("silence");
      }, 250);
      // The caller's BYE ended the dialog already; the API's hang-up did not.
      call.stopRecording = () => settle(call.sip.ended ? "caller" : "api");
    });
    const voice = trimSilence(media.stopRecording());
    if (ended !== "caller") void call.sip.bye();
    if (voice.length / 8000 < MIN_MESSAGE_SECONDS) {
      this.report(call.legs.callerLegId, call.legs, "hungup", "the caller hung up without leaving a message");
    } else {
      const message: RecordedMessage = { bytes: pcm8kToMp3(voice), extension: "mp3", seconds: voice.length / 8000 };
      this.report(call.legs.ringLeg.legId, call.legs, "noanswer", "nobody answered: the caller left a message", message);
    }
    this.finish(call);
  }

  /** The caller's CANCEL or BYE. */
  private callerLeft(call: InboundCall, reason: string): void {
    if (call.done) return;
    if (call.stopRecording) return call.stopRecording(); // the message is filed once the recording stops
    if (call.winner) call.winner.hangup();
    for (const fork of call.forks) fork.hangup();
    this.report(call.legs.callerLegId, call.legs, "hungup", reason);
    this.finish(call);
  }

  /** The calls API hung up a leg of an inbound call (DELETE, or the call ended); false when the leg is not one of ours. */
  hangup(legId: number): boolean {
    const call = this.byLeg.get(legId);
    if (!call) return false;
    if (call.stopRecording) {
      call.stopRecording();
      return true;
    }
    call.winner?.hangup();
    for (const fork of call.forks) fork.hangup();
    call.sip.hangup();
    this.finish(call);
    return true;
  }

  private report(legId: number, legs: InboundCallLegs, state: SipLegState, reason?: string, message?: RecordedMessage): void {
    this.options.report({ callId: legs.ringLeg.callId, legId, state, reason, message });
  }

  private finish(call: InboundCall): void {
    if (call.done) return;
    call.done = true;
    clearTimeout(call.ringTimer);
    call.stopRecording = undefined;
    this.byLeg.delete(call.legs.ringLeg.legId);
    this.byLeg.delete(call.legs.callerLegId);
    call.media?.stopPlay();
    void call.media?.close();
  }

  /** Drops every inbound call (the engine stops); the user agent's own stop ends their dialogs. */
  async stop(): Promise<void> {
    for (const call of new Set(this.byLeg.values())) {
      call.stopRecording?.();
      this.finish(call);
    }
  }
}
