import type { Tx } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { runDeliveryBatch } from "@/lib/outbox/deliver";
import type { EngineEvent, EngineHooks, InboundCallLegs, RecordedAudio } from "@/lib/telephony/engine";
import { canTransition, isEnded, type LegStatus } from "@/lib/telephony/leg-state";
import { publishCallEvent } from "./call-events";
import { extendCallCredit, startMinuteTimer } from "./call-credit";
import { endCall, endLeg, finishRecording } from "./end-call";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { callChanged } from "./call-changes";
import { createInboundCall, onInboundCallNotAnswered } from "./inbound-call";
import { lockCall, lockCallOfLeg } from "./lock-call";
import { playToLegs } from "./play";
import type { CallStatus } from "./schemas";
import { withLegs, type CallRow } from "./transform";
import { legOutcome } from "./leg-outcome";
import { readCallMedia } from "./read-call-media";

const LEG_END: Record<string, LegStatus> = { busy: "BUSY", noanswer: "NOANSWER", failed: "FAILURE", hungup: "HUNGUP" };
const CALL_END: Partial<Record<LegStatus, CallStatus>> = { BUSY: "BUSY", NOANSWER: "NOANSWER", FAILURE: "FAILURE", HUNGUP: "FAILURE" };

const liveLegs = (call: CallRow) => call.legs.filter((l) => !isEnded(l.status as LegStatus));

/**
 * What the telephony engine reports, applied to calls and legs inside the engine's transaction.
 * A report about a leg or call that has already ended (a race with a hang-up) changes nothing.
 */
export async function handleEngineEvent(tx: Tx, event: EngineEvent): Promise<void | InboundCallLegs> {
  if (event.kind === "inbound") return createInboundCall(tx, event.from, event.to, event.at, event.applicationId);
  if (event.kind === "recordComplete") {
    await lockCall(tx, event.callId);
    const call = await tx.call.findUnique({ where: { id: event.callId }, include: withLegs });
    if (call?.recording) await finishRecording(tx, call, event.audio);
    return;
  }
  if (event.kind === "timer") {
    await lockCall(tx, event.callId);
    const call = await tx.call.findUnique({ where: { id: event.callId }, include: withLegs });
    const stop = call && (await extendCallCredit(tx, call, event.at));
    if (stop) await endCall(tx, event.callId, "COMPLETED", event.at, { reason: stop });
    return;
  }
  const callId = await lockCallOfLeg(tx, event.legId);
  if (callId === undefined) return;
  const call = await tx.call.findUnique({ where: { id: callId }, include: withLegs });
  const leg = call?.legs.find((l) => l.id === event.legId);
  if (!call || !leg || !call.active || isEnded(leg.status as LegStatus)) return;
  const at = event.at;
  switch (event.kind) {
    case "ringing":
      if (!canTransition(leg.status as LegStatus, "RINGING")) return;
      await tx.callLeg.update({ where: { id: leg.id }, data: { status: "RINGING" } });
      if (call.status === "STARTED") await tx.call.update({ where: { id: call.id }, data: { status: "RINGING" } });
      return publishCallEvent(tx, call, "CallRinging", { leg: leg.id, status: "RINGING" });
    case "answered":
      return legAnswered(tx, call, leg.id, at);
    case "dtmf":
      return publishCallEvent(tx, call, "DtmfReceived", { leg: leg.id, status: leg.status, digits: event.digits, timedOut: event.timedOut });
    case "playComplete":
      if (leg.playId === event.transactionId) await tx.callLeg.update({ where: { id: leg.id }, data: { playing: false, playId: null } });
      return publishCallEvent(tx, call, "PlayAnnouncementComplete", {
        leg: leg.id,
        status: leg.status,
        transactionId: event.transactionId,
        interrupted: false,
      });
    default: {
      const status = LEG_END[event.kind]!;
      await endLeg(tx, call, leg.id, status, at, event.reason);
      return afterLegEnded(tx, call.id, leg.id, status, at, event.kind === "noanswer" ? event.message : undefined);
    }
  }
}

async function legAnswered(tx: Tx, call: CallRow, legId: number, at: Date): Promise<void> {
  const answered = await tx.callLeg.update({ where: { id: legId }, data: { status: "ANSWERED", answerTime: at } });
  await publishCallEvent(tx, call, "CallLegAnswered", { leg: legId, status: "ANSWERED", answered_timestamp: at.toISOString() });
  // The call as a re-read would give it: it is locked, and this leg is all that changed since it was read.
  const updated: CallRow = { ...call, legs: call.legs.map((l) => (l.id === legId ? answered : l)) };
  const [first, second] = updated.legs;
  if (updated.connectTime) return telephonyEngine().bridge(tx, call.id, [legId]);
  if (first?.status !== "ANSWERED" || second?.status !== "ANSWERED") return;
  await tx.call.update({ where: { id: call.id }, data: { connectTime: at, status: "CONNECTED" } });
  await startMinuteTimer(tx, { ...updated, connectTime: at });
  await telephonyEngine().bridge(tx, call.id, [first.id, second.id]);
  await publishCallEvent(tx, updated, "CallStatusChanged", { status: "CONNECTED", mode: updated.mode });
  if (updated.mode !== "talk") for (const leg of [first, second]) await telephonyEngine().setMode(tx, leg.id, updated.mode as "hold");
  if (updated.announce) await playToLegs(tx, updated, [first, second], "announce", [{ type: "string", value: updated.announce }]);
}

/**
 * After a leg ended: before the call connected, one of its first two legs ending ends the call with
 * that leg's status (an inbound call's unanswered callee goes to onInboundCallNotAnswered, with the
 * message the engine recorded, if any); once
 * connected, the call ends when fewer than two legs remain.
 */
export async function afterLegEnded(tx: Tx, callId: number, legId: number, status: LegStatus, at: Date, message?: RecordedAudio): Promise<void> {
  const call = await tx.call.findUniqueOrThrow({ where: { id: callId }, include: withLegs });
  if (!call.active) return;
  const index = call.legs.findIndex((l) => l.id === legId);
  if (!call.connectTime) {
    if (index > 1) return;
    if (!call.outbound && status === "NOANSWER") return onInboundCallNotAnswered(tx, call, at, message);
    return endCall(tx, call.id, CALL_END[status] ?? "FAILURE", at, {
      reason: `${call.legs[index]!.address} ${legOutcome(status).why} (leg ${legId})`,
    });
  }
  if (liveLegs(call).length < 2) await endCall(tx, call.id, "COMPLETED", at);
}

/**
 * What the engine reports to, bound once at server start (lib/registry/server-start.ts): its events
 * are applied here; once each committed, the call's waiters wake (POST /calls waits for the answer)
 * and the webhooks it published go out.
 */
export const engineHooks: EngineHooks = {
  onEvent: handleEngineEvent,
  onCommitted(callId) {
    if (callId !== null) callChanged(callId);
    // Not kickDelivery: this may run after the request that set the engine's alarm has ended (no after()). One batch runs at a time.
    runDeliveryBatch().catch((error) => log.error("delivery after an engine event failed", { error: String(error) }));
  },
  readMedia: readCallMedia,
};
