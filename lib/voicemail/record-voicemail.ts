import { synthesizeMp3 } from "@/lib/audio/synthesize-mp3";
import { prisma } from "@/lib/core/db/client";
import { kickDelivery } from "@/lib/outbox/publish";
import { log } from "@/lib/core/log";
import { deleteSystemFiles, mediaPathOf, writeSystemFile } from "@/lib/media/system-file";
import { createMessage } from "@/lib/messages/create-message";
import { CALL_FOLDER_PREFIX } from "@/lib/core/tenancy/scope";
import { transcribeMessage } from "@/lib/messages/transcribe-message";
import { callerSpeech } from "./caller-speech";
import { sendVoicemailEmails } from "./voicemail-email";

/** An inbound call nobody answered, as the voicemail needs it. */
export interface UnansweredCall {
  id: string;
  userId: string;
  domainId: string;
  /** The caller's address, e.g. "tel:12025550143". */
  from: string;
  /** The purpose number called, as a device address. */
  dest: string;
  startTime: Date;
  /** What the caller said, as the engine recorded it (MP3); without it the simulator's caller is synthesized. */
  audio?: Uint8Array<ArrayBuffer> | null;
  audioSeconds?: number | null;
}

/**
 * Records the caller's voicemail: the MP3 at /media/<domain>/call:<call id>/<call id>.mp3 (only the
 * user reads it), then the Voicemail message in the inbox with its NewVoicemail event; once that
 * has committed, the transcript (when the user turned transcription on) and the new-message email.
 * A call that already left its voicemail leaves no second one.
 */
export async function recordVoicemail(call: UnansweredCall): Promise<string> {
  const existing = await prisma.message.findFirst({ where: { userId: call.userId, callId: call.id, type: "Voicemail" }, select: { id: true } });
  if (existing) return existing.id;
  const domain = await prisma.domain.findUniqueOrThrow({ where: { id: call.domainId }, select: { name: true } });
  const audio = call.audio ? { bytes: Buffer.from(call.audio), duration: call.audioSeconds ?? 0 } : await synthesizeMp3(callerSpeech(call.from));
  const target = { domainId: call.domainId, folder: `${CALL_FOLDER_PREFIX}${call.id}`, file: `${call.id}.mp3` };
  await writeSystemFile({ ...target, ownerUserId: call.userId, createdWith: "voicemail", dest: call.dest, startTime: call.startTime }, audio.bytes);
  const mediaPath = mediaPathOf(domain.name, target.folder, target.file);
  const duration = Math.max(1, Math.round(audio.duration));
  const message = await prisma
    .$transaction((tx) =>
      createMessage(tx, {
        userId: call.userId,
        domainId: call.domainId,
        type: "Voicemail",
        title: `Voicemail from ${call.from.replace(/^tel:/, "+")}`,
        from: call.from,
        dest: call.dest,
        startTime: call.startTime,
        duration,
        mediaUri: mediaPath,
        mediaItems: [mediaPath],
        callId: call.id,
      }),
    )
    .catch(async (error) => {
      await deleteSystemFiles(call.domainId, [target]);
      throw error;
    });
  kickDelivery();
  const transcribed = await transcribeMessage(message.id).catch((error) =>
    log.error("voicemail transcription failed", { messageId: message.id, error: String(error) }),
  );
  const transcript =
    transcribed === "transcribed"
      ? (await prisma.message.findUnique({ where: { id: message.id }, select: { transcript: true } }))?.transcript
      : undefined;
  await sendVoicemailEmails({ ...call, duration, fileName: target.file, mp3: audio.bytes, transcript: transcript ?? undefined });
  kickDelivery();
  return message.id;
}
