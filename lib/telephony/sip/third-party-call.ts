import { MediaAnchor } from "./media/media-anchor";
import type { RtpEndpoint } from "./media/rtp-endpoint";
import { buildSdp, reofferSdp, sdpVersionOf, type MediaDirection } from "./media/sdp";
import type { SipLegState } from "./sip-status";
import { sipTargetOf, type SipTrunk } from "./sip-target";
import type { OutgoingCall, ReinviteAnswer, SipTransport, SipUserAgent } from "./sip-ua";

// Third-party call control (RFC 3725, flow I) of two-leg calls: leg A is called without SDP, its
// 200 carries A's offer and stays un-ACKed; leg B is then called with that offer, B's 200 answer
// is ACKed and goes to A in A's ACK, so RTP flows between the two phones and never through us.
// Each leg's progress is reported as the leg state it means (sip-status.ts).

/** A far end keeps retransmitting its un-ACKed 200 for 64*T1 = 32 s, then gives up: B must answer well within that. */
export const MAX_SECOND_LEG_RING_SECONDS = 28;

/** How long the recording of a call that ended waits for the engine's stopRecord. */
const CLOSED_RECORDING_KEPT_MS = 60_000;

export interface LegReport {
  callId: number;
  legId: number;
  state: SipLegState;
  reason?: string;
  /** The SIP status behind it (none for a BYE). */
  status?: number;
}

export interface ThirdPartyCallOptions {
  trunk?: SipTrunk;
  /** CANCEL a leg still ringing after this long; it then reads noanswer. */
  ringSeconds: number;
  /** The transport of a target that names none (default UDP). */
  defaultTransport?: SipTransport;
  report(report: LegReport): void;
  /** A phone sent a DTMF digit by SIP INFO on an answered leg (RFC 4733 digits go phone to phone and never reach us). */
  dtmf?(digit: { callId: number; legId: number; digit: string }): void;
}

interface Leg {
  legId: number;
  address: string;
  call?: OutgoingCall;
  done: boolean;
  /** The o= version of the last SDP this leg's phone got from us (the other phone's, re-offered). */
  sdpVersion?: number;
}

interface CallState {
  a?: Leg;
  b?: Leg;
  /** A's SDP offer, from its 200 (not yet ACKed). */
  offer?: string;
  /** B's SDP answer, which A got in its ACK. */
  answer?: string;
  /** The call's media through us (play, record, RFC 4733 digits), once asked for. */
  anchor?: Promise<MediaAnchor>;
}

/** The calls this process controls: their dialogs live here, in memory. */
export class ThirdPartyCallControl {
  private readonly calls = new Map<number, CallState>();
  private readonly callOfLeg = new Map<number, number>();
  /** Anchors of calls that ended, until the engine took their recording (or a minute passed). */
  private readonly closedAnchors = new Map<number, MediaAnchor>();

  constructor(
    private readonly ua: SipUserAgent,
    private readonly options: ThirdPartyCallOptions,
  ) {}

  /** Dials a leg of `callId`: the first is leg A, the second leg B (called once A's offer is there), a third fails. */
  originate(callId: number, legId: number, address: string): void {
    const state = this.calls.get(callId) ?? this.calls.set(callId, {}).get(callId)!;
    this.callOfLeg.set(legId, callId);
    const leg: Leg = { legId, address, done: false };
    if (!state.a) {
      state.a = leg;
      return this.dialA(callId, state, leg);
    }
    if (!state.b) {
      state.b = leg;
      if (state.offer) this.dialB(callId, state, leg);
      return;
    }
    this.end(callId, leg, "failed", "the SIP engine connects two legs per call; a third is not supported yet");
  }

  /** Drops a leg on the API's word: nothing more is reported about it. The call's other leg stays as it is. */
  hangup(legId: number): void {
    const callId = this.callOfLeg.get(legId);
    const state = callId === undefined ? undefined : this.calls.get(callId);
    const leg = state?.a?.legId === legId ? state.a : state?.b?.legId === legId ? state.b : undefined;
    if (!leg || leg.done) return;
    leg.done = true;
    // A's 200 is still un-ACKed when B never answered: the ACK must carry an answer, one that takes no media.
    leg.call?.hangup(buildSdp({ address: this.ua.host, port: 0, sessionId: 1, sessionVersion: 1, direction: "inactive" }));
    this.forgetIfDone(callId!, state!);
  }

  /**
   * Changes which way a connected leg's audio goes (the engine's hold, mute, talk): a re-INVITE to its
   * phone offering the other phone's SDP again (its origin, the next version) with `direction`, ours
   * as the other phone's. Resolves once the phone accepted; a refusal (491, 488, no answer) rejects,
   * and the leg stays as it was.
   */
  async setDirection(legId: number, direction: MediaDirection): Promise<void> {
    const callId = this.callOfLeg.get(legId);
    const state = callId === undefined ? undefined : this.calls.get(callId);
    const leg = state?.a?.legId === legId ? state.a : state?.b?.legId === legId ? state.b : undefined;
    if (!state || !leg || leg.done || !leg.call) throw new Error(`leg ${legId} is not in a call this engine controls`);
    // Leg A's phone talks to B's SDP (from B's answer), leg B's to A's (A's offer).
    const other = leg === state.a ? state.answer : state.offer;
    if (!other) throw new Error(`leg ${legId} is not connected yet`);
    // The version goes up by one per offer the phone accepted: a refused one leaves the session as it was.
    const version = (leg.sdpVersion ?? sdpVersionOf(other)) + 1;
    const { status } = await leg.call.reinvite(reofferSdp(other, direction, version));
    if (status >= 300) throw new Error(`the phone of leg ${legId} refused ${direction} (re-INVITE answered ${status})`);
    leg.sdpVersion = version;
  }

  /**
   * Puts the call's media through the service (once; later calls get the same anchor): each phone
   * is re-INVITEd to an endpoint of ours, which pass each side's audio to the other. Both phones'
   * SDP for hold and mute is then ours; the phones' digits (RFC 4733) are reported as SIP INFO's are.
   * Rejects when the call is not connected or a phone refuses (the media then stays phone to phone).
   */
  anchor(callId: number): Promise<MediaAnchor> {
    const state = this.calls.get(callId);
    if (!state) return Promise.reject(new Error(`call ${callId} is not one this engine controls`));
    state.anchor ??= this.anchorMedia(callId, state);
    state.anchor.catch(() => {
      if (this.calls.get(callId) === state) state.anchor = undefined; // refused: the next request tries again
    });
    return state.anchor;
  }

  /** The anchored endpoint a leg's phone talks to (undefined while the call's media is not anchored). */
  async endpointOfLeg(legId: number): Promise<RtpEndpoint | undefined> {
    const callId = this.callOfLeg.get(legId);
    const state = callId === undefined ? undefined : this.calls.get(callId);
    const anchor = await state?.anchor?.catch(() => undefined);
    if (!anchor || !state) return undefined;
    return state.a?.legId === legId ? anchor.sides[0] : state.b?.legId === legId ? anchor.sides[1] : undefined;
  }

  /** Closes every anchored call's media (the engine stops). */
  async stop(): Promise<void> {
    const live = await Promise.all([...this.calls.values()].map((state) => state.anchor?.catch(() => undefined)));
    for (const anchor of [...live, ...this.closedAnchors.values()]) await anchor?.close();
    this.closedAnchors.clear();
  }

  /** The call's mixed recording since the engine's record: from its anchor, live or closed with the call; empty when none ran. */
  async takeRecording(callId: number): Promise<Int16Array> {
    const closed = this.closedAnchors.get(callId);
    this.closedAnchors.delete(callId);
    const anchor = closed ?? (await this.calls.get(callId)?.anchor?.catch(() => undefined));
    return anchor?.stopRecording() ?? new Int16Array(0);
  }

  /** The call a leg belongs to (legs this engine dialled). */
  callOf(legId: number): number | undefined {
    return this.callOfLeg.get(legId);
  }

  private async anchorMedia(callId: number, state: CallState): Promise<MediaAnchor> {
    const legs = [state.a, state.b];
    if (!state.offer || !state.answer || legs.some((leg) => !leg?.call || leg.done)) throw new Error(`call ${callId} is not connected`);
    const anchor = await MediaAnchor.open(this.ua.host);
    try {
      for (const [index, leg] of (legs as Leg[]).entries()) {
        const endpoint = anchor.sides[index]!;
        const offer = endpoint.offer();
        const { status, answerSdp } = await leg.call!.reinvite(offer);
        if (status >= 300 || !answerSdp || !endpoint.accept(answerSdp))
          throw new Error(`the phone of leg ${leg.legId} refused our media (${status})`);
        leg.sdpVersion = sdpVersionOf(offer);
        endpoint.onDigit((digit) => {
          if (!leg.done) this.options.dtmf?.({ callId, legId: leg.legId, digit });
        });
        // What the phone talks to from now on: the next hold or mute re-offers our endpoint's SDP.
        if (leg === state.a) state.answer = offer;
        else state.offer = offer;
      }
    } catch (error) {
      await anchor.close();
      throw error;
    }
    return anchor;
  }

  /** Legs still under control (tests, and the engine's resume). */
  get activeLegs(): number {
    let count = 0;
    for (const state of this.calls.values()) for (const leg of [state.a, state.b]) if (leg && !leg.done) count++;
    return count;
  }

  private dialA(callId: number, state: CallState, leg: Leg): void {
    const call = this.dial(callId, leg, { deferAck: true, ringSeconds: this.options.ringSeconds });
    if (!call) return;
    void call.outcome.then(
      (outcome) => {
        if (leg.done) return;
        if (outcome.state !== "answered") return this.end(callId, leg, outcome.state, `${outcome.status} ${outcome.reason}`, outcome.status);
        if (!outcome.answerSdp?.trim()) {
          call.hangup(buildSdp({ address: this.ua.host, port: 0, sessionId: 1, sessionVersion: 1, direction: "inactive" }));
          return this.end(callId, leg, "failed", "the phone answered without an SDP offer");
        }
        state.offer = outcome.answerSdp;
        this.options.report({ callId, legId: leg.legId, state: "answered", status: outcome.status });
        if (state.b && !state.b.done && !state.b.call) this.dialB(callId, state, state.b);
      },
      (error: unknown) => this.end(callId, leg, "failed", String(error instanceof Error ? error.message : error)),
    );
  }

  private dialB(callId: number, state: CallState, leg: Leg): void {
    const ringSeconds = Math.min(this.options.ringSeconds, MAX_SECOND_LEG_RING_SECONDS);
    const call = this.dial(callId, leg, { sdp: state.offer, ringSeconds });
    if (!call) return;
    void call.outcome.then(
      (outcome) => {
        if (leg.done) return;
        if (outcome.state !== "answered") return this.end(callId, leg, outcome.state, `${outcome.status} ${outcome.reason}`, outcome.status);
        // B's answer completes A's offer/answer exchange: RTP now flows between A and B.
        state.answer = outcome.answerSdp;
        state.a?.call?.ack(outcome.answerSdp);
        this.options.report({ callId, legId: leg.legId, state: "answered", status: outcome.status });
      },
      (error: unknown) => this.end(callId, leg, "failed", String(error instanceof Error ? error.message : error)),
    );
  }

  private dial(callId: number, leg: Leg, invite: { sdp?: string; deferAck?: boolean; ringSeconds: number }): OutgoingCall | undefined {
    const target = sipTargetOf(leg.address, this.options.trunk, this.options.defaultTransport);
    if ("unreachable" in target) {
      this.end(callId, leg, "failed", target.unreachable);
      return undefined;
    }
    const trunk = this.options.trunk;
    const credentials = target.viaTrunk && trunk?.username ? { username: trunk.username, password: trunk.password ?? "" } : undefined;
    leg.call = this.ua.invite(target.uri, {
      ...invite,
      credentials,
      onResponse: (progress, state) => {
        if (state === "ringing" && !leg.done) this.options.report({ callId, legId: leg.legId, state, status: progress.status });
      },
      onHangup: () => this.end(callId, leg, "hungup", "the far end hung up"),
      onDtmf: (digit) => {
        if (!leg.done) this.options.dtmf?.({ callId, legId: leg.legId, digit });
      },
      onReinvite: (offer) => this.relayReinvite(callId, leg, offer),
    });
    return leg.call;
  }

  /**
   * A phone re-INVITEd its leg (its own hold, a new codec): its offer goes to the other phone by a
   * re-INVITE of ours, and that phone's answer back to it (RFC 3725 section 7: the controller
   * passes a session change through). A refusal of the other phone is the answer too; nothing
   * changes then. Both phones' SDP are remembered for the next hold or mute.
   */
  private async relayReinvite(callId: number, leg: Leg, offer: string): Promise<ReinviteAnswer> {
    const state = this.calls.get(callId);
    const other = leg === state?.a ? state.b : state?.a;
    if (!state || !other?.call || other.done || !state.answer) return { status: 488, reason: "Not Acceptable Here (the other leg is not connected)" };
    if (!offer.trim()) return { status: 488, reason: "Not Acceptable Here (a re-INVITE without an offer)" };
    const anchor = await state.anchor?.catch(() => undefined);
    if (anchor) {
      // The phone talks to our endpoint: we answer for it, the other phone is not involved.
      const sdp = anchor.sides[leg === state.a ? 0 : 1].answer(offer);
      return sdp ? { status: 200, reason: "OK", sdp } : { status: 488, reason: "Not Acceptable Here (no codec in common)" };
    }
    const result = await other.call.reinvite(offer).catch(() => ({ status: 491, reason: "Request Pending", answerSdp: undefined }));
    if (result.status >= 300 || !result.answerSdp) return { status: result.status >= 300 ? result.status : 488, reason: result.reason };
    if (leg === state.a) [state.offer, state.answer] = [offer, result.answerSdp];
    else [state.answer, state.offer] = [offer, result.answerSdp];
    // Each phone now holds the other's SDP as that phone sent it: our next re-offer raises that version.
    other.sdpVersion = sdpVersionOf(offer);
    leg.sdpVersion = sdpVersionOf(result.answerSdp);
    return { status: 200, reason: "OK", sdp: result.answerSdp };
  }

  private end(callId: number, leg: Leg, state: SipLegState, reason: string, status?: number): void {
    if (leg.done) return;
    leg.done = true;
    this.options.report({ callId, legId: leg.legId, state, reason, status });
    const call = this.calls.get(callId);
    if (call) this.forgetIfDone(callId, call);
  }

  /** Once both legs are known and done (a leg A failing at once must not make the late leg B a new call's A). */
  private forgetIfDone(callId: number, state: CallState): void {
    if (!state.a?.done || !state.b?.done) return;
    this.calls.delete(callId);
    void state.anchor?.then(
      (anchor) => {
        // A recording still running is kept for the engine's stopRecord, which follows the hang-ups.
        if (anchor.isRecording) {
          this.closedAnchors.set(callId, anchor);
          setTimeout(() => this.closedAnchors.delete(callId), CLOSED_RECORDING_KEPT_MS).unref();
        }
        return anchor.close();
      },
      () => undefined,
    );
    for (const leg of [state.a, state.b]) if (leg) this.callOfLeg.delete(leg.legId);
  }
}
