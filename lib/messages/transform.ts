import type { Message, MessageRecipient } from "@prisma/client";
import type { MessageEntry } from "./schemas";

export type MessageRow = Message & { recipients: MessageRecipient[] };

/** Include this with every message query: a sent message shows its recipients. */
export const withRecipients = { recipients: { orderBy: { position: "asc" } } } as const;

const iso = (date: Date | null) => date?.toISOString();

/** The public shape of a message. */
export function toMessageEntry(row: MessageRow): MessageEntry {
  return {
    id: row.id,
    guid: row.userId,
    type: row.type as MessageEntry["type"],
    status: row.status as MessageEntry["status"],
    folder: row.folder,
    new: row.isNew,
    urgent: row.urgent,
    title: row.title ?? undefined,
    body: row.body ?? undefined,
    sender: row.sender ?? undefined,
    from: row.fromAddress ?? undefined,
    dest: row.dest ?? undefined,
    mediaUri: row.mediaUri ?? undefined,
    mediaItems: row.mediaItems,
    time: row.time.toISOString(),
    startTime: iso(row.startTime),
    duration: row.duration ?? undefined,
    callId: row.callId ?? undefined,
    label: row.label ?? undefined,
    transcriptionStatus: (row.transcription ?? undefined) as MessageEntry["transcriptionStatus"],
    // With notAvailable the column holds why (lib/messages/transcribe-message.ts), not a transcript.
    transcript: row.transcription === "notAvailable" ? undefined : (row.transcript ?? undefined),
    transcriptionDetail: row.transcription === "notAvailable" ? (row.transcript ?? undefined) : undefined,
    recipients: row.recipients.length
      ? row.recipients.map((r) => ({ destination: r.destination, status: r.status as "SENT", detail: r.detail ?? undefined }))
      : undefined,
  };
}
