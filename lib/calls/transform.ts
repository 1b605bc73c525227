import type { Call, CallLeg } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { CALL_FOLDER_PREFIX } from "@/lib/core/tenancy/scope";
import type { LegStatus } from "@/lib/telephony/leg-state";
import type { CallEntry, CallStatus } from "./schemas";

export type CallRow = Call & { legs: CallLeg[] };
/** Include with every call query: legs in the order they were added. */
export const withLegs = { legs: { orderBy: { id: "asc" } } } as const;

export const callFolderName = (callId: number) => `${CALL_FOLDER_PREFIX}${callId}`;
export const callPath = (call: Pick<Call, "userId" | "id">) => `/calls/${call.userId}/${call.id}`;

const seconds = (from: Date | null, to: Date | null) => (from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)) : 0);
const iso = (d: Date | null) => d?.toISOString();

/** The recordings of each call, as media paths: the MP3s of its call:<id> folder (a voicemail's is one; its transcripts are not). */
export async function recordingsOf(calls: Pick<Call, "id" | "domainId" | "domainName">[]): Promise<Map<number, string[]>> {
  const byName = new Map(calls.map((c) => [callFolderName(c.id), c]));
  const folders = calls.length
    ? await prisma.mediaFolder.findMany({
        where: { OR: calls.map((c) => ({ domainId: c.domainId, name: callFolderName(c.id) })) },
        select: {
          name: true,
          files: { where: { name: { endsWith: ".mp3" } }, select: { name: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
        },
      })
    : [];
  const result = new Map<number, string[]>();
  for (const folder of folders) {
    const call = byName.get(folder.name)!;
    result.set(
      call.id,
      folder.files.map((f) => `/media/${call.domainName}/${folder.name}/${f.name}`),
    );
  }
  return result;
}

/** The public shape of a call and its legs. Times come from the telephony engine's clock. */
export function toCallEntry(call: CallRow, recordings: string[] = [], now = new Date()): CallEntry {
  return {
    id: call.id,
    legs: call.legs.map((leg) => ({
      id: leg.id,
      address: leg.address,
      status: leg.status as LegStatus,
      startTime: leg.startTime.toISOString(),
      answerTime: iso(leg.answerTime),
      endTime: iso(leg.endTime),
      duration: seconds(leg.answerTime, leg.answerTime ? (leg.endTime ?? now) : null),
      mode: leg.mode as CallEntry["mode"],
      playing: leg.playing,
      reason: leg.reason ?? undefined,
    })),
    callerId: call.callerId ?? undefined,
    mode: call.mode as CallEntry["mode"],
    status: call.status as CallStatus,
    reason: call.reason ?? undefined,
    startTime: call.startTime.toISOString(),
    endTime: iso(call.endTime),
    duration: seconds(call.connectTime, call.connectTime ? (call.endTime ?? now) : null),
    success: call.success,
    active: call.active,
    outbound: call.outbound,
    recording: call.recording,
    recordings,
    application: call.applicationPublicId,
    user: call.userId,
  };
}

/** Seconds a call was connected: what billing counts. */
export const connectedSeconds = (call: Pick<Call, "connectTime" | "endTime">) => seconds(call.connectTime, call.endTime);
