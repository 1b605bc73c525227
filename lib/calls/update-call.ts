import { randomUUID } from "node:crypto";
import type { CallLeg } from "@prisma/client";
import { prisma, type Tx } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import { kickDelivery } from "@/lib/outbox/publish";
import type { Actor } from "@/lib/core/tenancy/actor";
import { callScope } from "@/lib/core/tenancy/scope";
import { assertInConversation, assertTransition, isEnded, type LegStatus } from "@/lib/telephony/leg-state";
import { publishCallEvent } from "./call-events";
import { endCall, endLeg, finishRecording } from "./end-call";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { afterLegEnded } from "./engine-events";
import { getCall, getCallOrThrow } from "./get-call";
import { lockCall } from "./lock-call";
import { playToLegs } from "./play";
import type { UpdateCallInput, UpdateLegInput } from "./schemas";
import { withLegs, type CallRow } from "./transform";

const live = (leg: CallLeg) => !isEnded(leg.status as LegStatus);
/** record.file as stored: recordings are MP3 ("meeting" -> "meeting.mp3"). */
const mp3FileName = (file: string) => `${file.replace(/\.mp3$/i, "")}.mp3`;

async function reload(tx: Tx, callId: number): Promise<CallRow> {
  return tx.call.findUniqueOrThrow({ where: { id: callId }, include: withLegs });
}

function assertActive(call: CallRow): void {
  if (!call.active) {
    throw new ApiError("illegal_leg_state", `Call ${call.id} has ended (${call.status}): it can no longer be changed.`, {
      extra: { callId: call.id, callStatus: call.status },
    });
  }
}

/** Controls on the whole call: mode, hang-up, record, play, announce, and transfer into it. */
export async function updateCall(actor: Actor, guid: string, callId: string, input: UpdateCallInput) {
  const { id, domainId } = await getCallOrThrow(actor, guid, callId);
  await prisma.$transaction(async (tx) => {
    const transferFrom = input.id ? await transferSource(tx, actor, input.id, id) : undefined;
    await lockCall(tx, id);
    const at = await telephonyEngine().now(domainId, tx);
    if (transferFrom) await transfer(tx, transferFrom, await reload(tx, id), at);
    await applyControls(tx, id, undefined, input, at, hungUpBy(actor));
  });
  kickDelivery();
  return getCall(actor, guid, id);
}

/** Controls on one leg: the call's, plus requestDtmf; mode "hangup" drops only this leg. */
export async function updateLeg(actor: Actor, guid: string, callId: string, legId: string, input: UpdateLegInput) {
  const call = await getCallOrThrow(actor, guid, callId);
  const leg = call.legs.find((l) => l.id === Number(legId));
  if (!leg) throw notFound(`Leg ${legId} of call ${callId}`);
  await prisma.$transaction(async (tx) => {
    await lockCall(tx, call.id);
    const at = await telephonyEngine().now(call.domainId, tx);
    await applyControls(tx, call.id, leg.id, input, at, hungUpBy(actor));
    if (input.requestDtmf) {
      const current = (await reload(tx, call.id)).legs.find((l) => l.id === leg.id)!;
      assertInConversation(leg.id, current.status as LegStatus, "collect DTMF digits");
      await telephonyEngine().collectDtmf(
        tx,
        { callId: call.id, legId: leg.id, address: leg.address },
        input.requestDtmf.maxDigits,
        input.requestDtmf.timeOut,
      );
    }
  });
  kickDelivery();
  return getCall(actor, guid, call.id);
}

/** The reason a whole call hung up by this actor ends with: the developer hangs up in the portal. */
const hungUpBy = (actor: Actor) => (actor.kind === "developer" ? "hung up in the portal" : "hung up through the API");

/** `hangUpReason`: the call's reason when this hangs the whole call up (who did it: the portal or the API). */
async function applyControls(
  tx: Tx,
  callId: number,
  legId: number | undefined,
  input: UpdateCallInput | UpdateLegInput,
  at: Date,
  hangUpReason: string,
): Promise<void> {
  let call = await reload(tx, callId);
  assertActive(call);
  const targets = () => call.legs.filter((l) => (legId === undefined ? live(l) : l.id === legId));

  if (input.mode === "hangup" || input.active === false) {
    if (legId === undefined) return endCall(tx, callId, "COMPLETED", at, { reason: hangUpReason });
    const leg = targets()[0]!;
    assertTransition(leg.id, leg.status as LegStatus, "HUNGUP");
    await endLeg(tx, call, leg.id, "HUNGUP", at);
    return afterLegEnded(tx, callId, leg.id, "HUNGUP", at);
  }
  if (input.mode) {
    const mode = input.mode;
    for (const leg of targets()) assertInConversation(leg.id, leg.status as LegStatus, `be put on ${mode}`);
    for (const leg of targets()) {
      await telephonyEngine().setMode(tx, leg.id, mode);
      await tx.callLeg.update({ where: { id: leg.id }, data: { mode } });
      await publishCallEvent(tx, call, "CallStatusChanged", { leg: leg.id, status: leg.status, mode });
    }
    if (legId === undefined) await tx.call.update({ where: { id: callId }, data: { mode } });
  }
  if (input.recording === false && call.recording) await finishRecording(tx, call);
  if (input.record) {
    call = await reload(tx, callId);
    if (!call.connectTime)
      throw new ApiError("illegal_leg_state", `Call ${callId} is not connected yet (${call.status}): record once it is.`, {
        extra: { callId, callStatus: call.status },
      });
    if (call.recording) throw new ApiError("conflict", `Call ${callId} is already recording: stop it with {"recording": false} first.`);
    await telephonyEngine().record(tx, callId, input.record.duration);
    await tx.call.update({
      where: { id: callId },
      data: { recording: true, recordingFile: input.record.file ? mp3FileName(input.record.file) : null },
    });
  }
  if (input.playing === false) {
    for (const leg of targets().filter((l) => l.playing)) {
      await telephonyEngine().stopPlay(tx, leg.id);
      await tx.callLeg.update({ where: { id: leg.id }, data: { playing: false, playId: null } });
      await publishCallEvent(tx, call, "PlayAnnouncementComplete", { leg: leg.id, status: leg.status, transactionId: leg.playId, interrupted: true });
    }
  }
  const play =
    input.play ?? (input.announce ? { media: [{ type: "string" as const, value: input.announce }], transactionId: "announce" } : undefined);
  if (play) {
    call = await reload(tx, callId);
    const legs = targets();
    for (const leg of legs) assertInConversation(leg.id, leg.status as LegStatus, "play media");
    await playToLegs(tx, call, legs, play.transactionId ?? `play-${randomUUID()}`, play.media);
  }
}

type TransferSource = { call: CallRow; leg: CallLeg };

/** The leg named "<call id>/<leg id>" in a call the actor may see (404 otherwise), locked with its call. */
async function transferSource(tx: Tx, actor: Actor, id: string, destId: number): Promise<TransferSource> {
  const [sourceId, legId] = id.split("/").map(Number) as [number, number];
  if (sourceId === destId) throw new ApiError("conflict", `Leg ${id} is already in call ${destId}.`);
  const visible = await tx.call.findFirst({ where: { AND: [{ id: sourceId }, callScope(actor)] }, select: { id: true } });
  if (!visible) throw notFound(`Call ${sourceId}`);
  // Lock both calls in id order so two opposite transfers cannot deadlock.
  for (const lock of [sourceId, destId].sort((a, b) => a - b)) await lockCall(tx, lock);
  const call = await reload(tx, sourceId);
  const leg = call.legs.find((l) => l.id === legId);
  if (!leg) throw notFound(`Leg ${legId} of call ${sourceId}`);
  return { call, leg };
}

/** Moves an answered leg into the destination call: TRANSFERRING, then TRANSFERRED there and ANSWERED here. */
async function transfer(tx: Tx, source: TransferSource, dest: CallRow, at: Date): Promise<void> {
  assertActive(dest);
  if (!dest.connectTime)
    throw new ApiError("illegal_leg_state", `Call ${dest.id} is not connected yet (${dest.status}): transfer into a connected call.`, {
      extra: { callId: dest.id, callStatus: dest.status },
    });
  const { leg } = source;
  assertTransition(leg.id, leg.status as LegStatus, "TRANSFERRING");
  await tx.callLeg.update({ where: { id: leg.id }, data: { status: "TRANSFERRING" } });
  const moved = await tx.callLeg.create({ data: { callId: dest.id, address: leg.address, status: "ANSWERED", startTime: at, answerTime: at } });
  await telephonyEngine().transfer(tx, leg.id, { callId: dest.id, legId: moved.id, address: moved.address });
  await telephonyEngine().bridge(tx, dest.id, [moved.id]);
  await tx.callLeg.update({
    where: { id: leg.id },
    data: { status: "TRANSFERRED", endTime: at, playing: false, reason: `moved to call ${dest.id} as leg ${moved.id}` },
  });
  await publishCallEvent(tx, source.call, "CallStatusChanged", { leg: leg.id, status: "TRANSFERRED", movedTo: `${dest.id}/${moved.id}` });
  await publishCallEvent(tx, dest, "CallStatusChanged", { leg: moved.id, status: "moved", movedFrom: `${source.call.id}/${leg.id}` });
  await afterLegEnded(tx, source.call.id, leg.id, "TRANSFERRED", at);
}
