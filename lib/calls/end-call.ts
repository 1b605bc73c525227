import type { Call } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import type { RecordedAudio } from "@/lib/telephony/engine";
import { isEnded, type LegStatus } from "@/lib/telephony/leg-state";
import { publishCallEvent } from "./call-events";
import { settleCallCredit } from "./call-credit";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { saveRecording } from "./save-recording";
import type { CallStatus } from "./schemas";
import { connectedSeconds, withLegs, type CallRow } from "./transform";

/** Ends one leg that is still live: the engine drops it, the leg records why, CallLegHungUp says so. */
export async function endLeg(tx: Tx, call: CallRow, legId: number, status: LegStatus, at: Date, reason?: string): Promise<void> {
  await telephonyEngine().hangup(tx, legId);
  await tx.callLeg.update({ where: { id: legId }, data: { status, endTime: at, reason, playing: false } });
  await publishCallEvent(tx, call, "CallLegHungUp", { leg: legId, status, ...(reason ? { reason } : {}) });
}

/** Stops a running recording (or takes the audio the engine reported) and stores it; RecordComplete names the file. */
export async function finishRecording(tx: Tx, call: Call & { legs: CallRow["legs"] }, reported?: RecordedAudio): Promise<void> {
  const audio = reported ?? (await telephonyEngine().stopRecord(tx, call.id));
  // The engine reports the audio once it stopped, after this commits: the call records until then (recordComplete).
  if (audio === "reported") return;
  await tx.call.update({ where: { id: call.id }, data: { recording: false, recordingFile: null } });
  if (!audio || audio.bytes.length === 0) return;
  const file = await saveRecording(tx, call, audio);
  await publishCallEvent(tx, call, "RecordComplete", { status: "recorded", file, duration: audio.seconds });
}

/**
 * Ends a call: every live leg ends (HUNGUP, or legStatus), a running recording is stored, the call
 * gets its final status, and its credit is settled: a connected call pays its started minutes, and
 * what was reserved but not used goes back (docs/billing.md, "Calls").
 */
export async function endCall(tx: Tx, callId: number, status: CallStatus, at: Date, options: { reason?: string; legStatus?: LegStatus } = {}) {
  const call = await tx.call.findUniqueOrThrow({ where: { id: callId }, include: withLegs });
  if (!call.active) return;
  for (const leg of call.legs) {
    if (!isEnded(leg.status as LegStatus)) await endLeg(tx, call, leg.id, options.legStatus ?? "HUNGUP", at, options.reason);
  }
  if (call.recording) await finishRecording(tx, call);
  const ended = await tx.call.update({
    where: { id: call.id },
    data: { active: false, status, endTime: at, reason: options.reason, success: status === "COMPLETED" && call.connectTime !== null },
    include: withLegs,
  });
  const duration = connectedSeconds(ended);
  await publishCallEvent(tx, ended, "CallCompleted", {
    status,
    duration,
    success: ended.success,
    ...(options.reason ? { reason: options.reason } : {}),
  });
  await settleCallCredit(tx, ended, duration);
}
