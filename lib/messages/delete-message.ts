import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/api-error";
import { deleteSystemFiles, parseMediaPath } from "@/lib/media/system-file";
import type { Actor } from "@/lib/tenancy/actor";
import { messageScope } from "@/lib/tenancy/scope";
import { PROVIDERS } from "@/lib/transcription/providers";
import { transcriptFileOf } from "@/lib/transcription/transcribe-message";
import { messagePath, publishMessageEvent } from "./events";
import { getMessageOrThrow } from "./get-message";
import { updateMessage } from "./update-message";
import { toMessageEntry } from "./transform";

/**
 * DELETE moves a message to "deleted" (answering it there); a DELETE in "deleted" removes it for
 * good with its audio and transcripts, and publishes MessageDeleted (guid, callId, senderId, title, body).
 */
export async function deleteMessage(actor: Actor, guid: string, folder: string, messageId: string) {
  if (folder !== "deleted") return updateMessage(actor, guid, folder, messageId, { folder: "deleted" });
  const message = await getMessageOrThrow(actor, guid, folder, messageId);
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.message.deleteMany({ where: { AND: [{ id: message.id }, messageScope(actor)] } });
    if (count === 0) throw notFound(`Message ${messageId} in folder ${folder} of user ${guid}`);
    await publishMessageEvent(tx, message.domainId, "MessageDeleted", messagePath(message), {
      guid: message.userId,
      id: message.id,
      callId: message.callId ?? null,
      senderId: message.sender ?? message.fromAddress ?? null,
      title: message.title ?? null,
      body: message.body ?? null,
    });
  });
  const files = message.mediaItems.flatMap((item) => {
    const path = parseMediaPath(item);
    return path ? [path, ...PROVIDERS.map((p) => ({ folder: path.folder, file: transcriptFileOf(path.file, p.id) }))] : [];
  });
  await deleteSystemFiles(message.domainId, files);
  return { ...toMessageEntry(message), status: "DELETED" as const };
}
