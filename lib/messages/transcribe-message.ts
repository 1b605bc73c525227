import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { messagePath, publishMessageEvent } from "@/lib/messages/events";
import type { TranscriptionStatus } from "@/lib/messages/schemas";
import { parseMediaPath, readSystemFile, writeSystemFile } from "@/lib/media/system-file";
import type { TranscriptionProvider } from "@/lib/transcription/provider";
import { PROVIDERS, providerById } from "@/lib/transcription/providers";
import { failureReason, transcribeWithRetries } from "@/lib/transcription/retry";
import { config } from "@/lib/core/config";

const VOICEMAIL_TYPES = ["Voicemail", "BroadcastVoiceMail"];

/** "<file>.<serviceId>.txt": where a transcript lives, beside its audio. */
export const transcriptFileOf = (audioFile: string, serviceId: string) => `${audioFile}.${serviceId}.txt`;

/** The transcription service the user turned on for this message (voicemail, or its folder), if any. */
export async function transcriptionServiceFor(message: { userId: string; type: string; folder: string }): Promise<TranscriptionProvider | undefined> {
  const services = await prisma.userService.findMany({ where: { userId: message.userId } });
  const wanted = services.filter((s) => (s.voicemail && VOICEMAIL_TYPES.includes(message.type)) || s.folders.includes(message.folder));
  return PROVIDERS.find((p) => wanted.some((s) => s.serviceId === p.id)) ?? (wanted[0] && providerById(wanted[0].serviceId));
}

/** The status; with notAvailable, why (kept in the transcript column, shown as transcriptionDetail). */
async function setStatus(id: string, transcription: TranscriptionStatus, reason?: string) {
  await prisma.message.updateMany({ where: { id }, data: { transcription, transcript: reason ?? null } });
  return transcription;
}

/**
 * Transcribes a message's audio if its owner turned a transcription service on for it (for voicemail,
 * or for the folder it is in). Call it after the transaction that stored the message and its audio
 * has committed: the transcript is written as <file>.<serviceId>.txt beside the audio, the message
 * becomes "transcribed" and TranscriptionReady is published; with no service on it becomes
 * "notAvailable". A message without audio, or already transcribed, is left as it is.
 */
export async function transcribeMessage(messageId: string): Promise<TranscriptionStatus | undefined> {
  const message = await prisma.message.findUnique({ where: { id: messageId } });
  const audio = message?.mediaItems[0] ? parseMediaPath(message.mediaItems[0]) : undefined;
  if (!message || !audio || message.transcription === "transcribed") return message?.transcription as TranscriptionStatus | undefined;
  const provider = await transcriptionServiceFor(message);
  if (!provider) return setStatus(message.id, "notAvailable", "no transcription service is on for this message");
  await setStatus(message.id, "pending");

  const bytes = await readSystemFile(message.domainId, audio.folder, audio.file);
  if (!bytes) {
    log.warn("transcription: the audio is missing", { messageId, path: message.mediaItems[0] });
    return setStatus(message.id, "notAvailable", "the audio is missing");
  }
  let transcript: string;
  try {
    const input = { bytes, fileName: audio.file, duration: message.duration ?? undefined, from: message.fromAddress ?? undefined };
    transcript = await transcribeWithRetries(provider, input, config().transcriptionRetryMs, (error, attempt) =>
      log.warn("transcription attempt failed", { messageId, provider: provider.id, attempt, error: String(error) }),
    );
  } catch (error) {
    log.error("transcription failed", { messageId, provider: provider.id, error: String(error) });
    return setStatus(message.id, "notAvailable", failureReason(provider.id, error));
  }
  const file = transcriptFileOf(audio.file, provider.id);
  await writeSystemFile(
    { domainId: message.domainId, folder: audio.folder, file, ownerUserId: message.userId, createdWith: "transcription" },
    new TextEncoder().encode(transcript),
  );
  const transcriptPath = `/media/${audio.domain}/${audio.folder}/${file}`;
  await prisma.$transaction(async (tx) => {
    await tx.message.update({ where: { id: message.id }, data: { transcription: "transcribed", transcript } });
    await publishMessageEvent(tx, message.domainId, "TranscriptionReady", messagePath(message), {
      guid: message.userId,
      id: message.id,
      serviceId: provider.id,
      transcript: transcriptPath,
      text: transcript,
      ...(message.callId ? { callId: message.callId } : {}),
    });
  });
  return "transcribed";
}
