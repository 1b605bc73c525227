import type { Tx } from "@/lib/core/db/client";

// The one narrow interface between the calls API (lib/calls) and whatever carries calls. The API
// asks the engine to act (originate, bridge, hold, hang up, play, record, collect digits,
// transfer); the engine reports what the far end did through one callback, onEvent, and once its
// transaction committed, which call it changed (onCommitted: waiters wake on it). Every method
// runs inside the caller's transaction, so an engine keeping state in the database commits it with
// the call's own change. Today's engine is the simulator (./simulator.ts); a SIP carrier comes later.

export type LegMode = "talk" | "hold" | "mute";

export interface LegRef {
  callId: number;
  legId: number;
  address: string;
}

/** Audio the engine recorded; the calls API stores it as a media file. */
export interface RecordedAudio {
  bytes: Uint8Array;
  /** File extension matching the bytes, e.g. "wav". */
  extension: string;
  seconds: number;
}

/** One item of a play request: a media file's path, or text to speak ("string", "digits", "number", "money", "time"). */
export interface PlayItem {
  type: string;
  value: string;
  duration?: number;
}

/** What the far end (or the engine) did; `at` is the engine's clock. */
export type EngineEvent =
  | { kind: "ringing" | "answered" | "busy" | "failed" | "hungup"; legId: number; at: Date; reason?: string }
  /** With `message`: the engine answered an inbound call nobody took and recorded what the caller said (the SIP engine). */
  | { kind: "noanswer"; legId: number; at: Date; reason?: string; message?: RecordedAudio }
  | { kind: "dtmf"; legId: number; at: Date; digits: string; timedOut: boolean }
  | { kind: "playComplete"; legId: number; at: Date; transactionId: string }
  | { kind: "recordComplete"; callId: number; at: Date; audio: RecordedAudio }
  /** A timer the API set with setTimer came due. */
  | { kind: "timer"; callId: number; at: Date }
  /** A call arrived from `from` for `to` (for the application, when the engine knows it); the handler answers with the legs (undefined: nobody holds `to`). */
  | { kind: "inbound"; at: Date; from: string; to: string; applicationId?: string };

/** An inbound call the handler took: the user's leg to ring, the caller's leg, and the user's own sip: phones (rung at once). */
export interface InboundCallLegs {
  ringLeg: LegRef;
  callerLegId: number;
  phones: string[];
}

export type EngineEventHandler = (tx: Tx, event: EngineEvent) => Promise<void | InboundCallLegs>;

/** What the engine reports to: each event inside its transaction, then the call it changed once that committed. */
export interface EngineHooks {
  onEvent: EngineEventHandler;
  /** After the transaction that applied an event about `callId` committed (null: the call is gone or unknown). */
  onCommitted(callId: number | null): void;
  /** A media file's bytes by its path (/media/<domain>/<folder>/<file>), when it is in the call's domain: for an engine that plays files. */
  readMedia?(callId: number, path: string): Promise<Uint8Array | undefined>;
}

export interface TelephonyEngine {
  readonly name: string;
  /** The engine's clock for the calls of a domain: call times and durations are read from it. */
  now(domainId: string, tx?: Tx): Promise<Date>;
  /** Dials the leg's address; it then reports ringing, answered, busy, noanswer or failed. */
  originate(tx: Tx, leg: LegRef, callerId: string | null): Promise<void>;
  /** Joins answered legs into one conversation. */
  bridge(tx: Tx, callId: number, legIds: number[]): Promise<void>;
  setMode(tx: Tx, legId: number, mode: LegMode): Promise<void>;
  /** Drops a leg; the engine reports nothing more about it. */
  hangup(tx: Tx, legId: number): Promise<void>;
  /** Plays media to a leg (what `media` names, for an engine that plays real audio); playComplete follows after `seconds` unless stopped. */
  play(tx: Tx, leg: LegRef, transactionId: string, seconds: number, media?: PlayItem[]): Promise<void>;
  stopPlay(tx: Tx, legId: number): Promise<void>;
  /** Records the call; with `seconds`, recordComplete follows after that long. */
  record(tx: Tx, callId: number, seconds: number | undefined): Promise<void>;
  /**
   * Stops recording and returns the audio so far (undefined when nothing was recording), or
   * "reported": the engine stops after the commit and reports recordComplete with the audio (its media is elsewhere).
   */
  stopRecord(tx: Tx, callId: number): Promise<RecordedAudio | undefined | "reported">;
  /** Collects up to maxDigits DTMF digits; dtmf follows (timedOut with what came) after at most timeoutSeconds. */
  collectDtmf(tx: Tx, leg: LegRef, maxDigits: number, timeoutSeconds: number): Promise<void>;
  /** Moves an answered leg into another call, where it continues as the leg `to`. */
  transfer(tx: Tx, fromLegId: number, to: LegRef): Promise<void>;
  /**
   * The conditional call forwarding check of a phone (devices' verifyBy "ccfTest"): a test call the
   * phone does not take must come back to the platform.
   */
  testForwarding(address: string): Promise<{ forwarded: boolean; detail: string }>;
  /** Reports `timer` for the call at `at` on the engine's clock (the calls API debits each minute of a call with it). */
  setTimer(tx: Tx, callId: number, at: Date): Promise<void>;
  /**
   * Fires what is due, in a pass that starts after this call (concurrent calls share passes);
   * returns how many events that pass reported. The engine also fires by itself when it can (the
   * simulator: an in-process alarm at each due time it scheduled); the scheduler ticks for the rest.
   */
  tick(): Promise<number>;
  /** Stops what the engine runs in this process (a user agent, its timers); calls still up are dropped. */
  stop?(): Promise<void>;
  /** After a server restart: whether the engine can still carry the call; if not, it forgets it. */
  resume(tx: Tx, callId: number): Promise<{ resumed: true } | { resumed: false; reason: string }>;
}
