import type { Tx } from "@/lib/core/db/client";
import { messagePath, publishMessageEvent } from "./events";
import { OUTBOUND_TYPES, type MessageType, type RecipientStatus, type TranscriptionStatus } from "./schemas";
import { messageStatus } from "./status";
import { withRecipients, type MessageRow } from "./transform";

export interface NewRecipient {
  destination: string;
  status: RecipientStatus;
  /** When the SMS job applies the engine's report (reportStatus), if one is expected. */
  reportDueAt?: Date;
  reportStatus?: "DELIVERED" | "FAILED";
  detail?: string;
}

export interface NewMessage {
  userId: string;
  domainId: string;
  type: MessageType;
  /** Default: sent for outbound types, inbox for the rest. */
  folder?: string;
  title?: string;
  body?: string;
  sender?: string;
  from?: string;
  dest?: string;
  mediaUri?: string;
  /** "/media/<domain>/<folder>/<file>" paths of the audio. */
  mediaItems?: string[];
  time?: Date;
  startTime?: Date;
  /** Seconds. */
  duration?: number;
  callId?: string;
  label?: string;
  recipients?: NewRecipient[];
  /** Messages with audio: "pending" while a transcription service works on it (lib/transcription). */
  transcription?: TranscriptionStatus;
  /** Event published to the domain's applications; default NewVoicemail (Voicemail), NewSms (InboundSms), none for the rest; null for none. */
  event?: string | null;
}

const DEFAULT_EVENTS: Partial<Record<MessageType, string>> = { Voicemail: "NewVoicemail", InboundSms: "NewSms" };

/**
 * Stores a message of a user inside the caller's transaction, with its status derived from its
 * fields, and publishes its event in the same transaction (voicemail: NewVoicemail, inbound SMS:
 * NewSms). The caller has checked who the user is; this trusts userId and domainId.
 */
export async function createMessage(tx: Tx, input: NewMessage): Promise<MessageRow> {
  const outbound = OUTBOUND_TYPES.includes(input.type);
  const folder = input.folder ?? (outbound ? "sent" : "inbox");
  const recipients = input.recipients ?? [];
  const message = await tx.message.create({
    data: {
      userId: input.userId,
      domainId: input.domainId,
      type: input.type,
      status: messageStatus({ type: input.type, folder, isNew: !outbound, urgent: false }, recipients),
      folder,
      isNew: !outbound,
      title: input.title,
      body: input.body,
      sender: input.sender,
      fromAddress: input.from,
      dest: input.dest,
      mediaUri: input.mediaUri,
      mediaItems: input.mediaItems ?? [],
      time: input.time,
      startTime: input.startTime,
      duration: input.duration,
      callId: input.callId,
      label: input.label,
      transcription: input.transcription,
      recipients: { create: recipients.map((r, position) => ({ position, ...r })) },
    },
    include: withRecipients,
  });
  const event = input.event === undefined ? DEFAULT_EVENTS[input.type] : input.event;
  if (event) {
    await publishMessageEvent(tx, input.domainId, event, messagePath(message), {
      guid: message.userId,
      id: message.id,
      type: message.type,
      folder: message.folder,
      ...(message.fromAddress ? { from: message.fromAddress } : {}),
      ...(message.dest ? { dest: message.dest } : {}),
      ...(message.callId ? { callId: message.callId } : {}),
      ...(message.title ? { title: message.title } : {}),
    });
  }
  return message;
}
