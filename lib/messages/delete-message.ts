import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import { deleteSystemFiles, parseMediaPath } from "@/lib/media/system-file";
import type { Actor } from "@/lib/core/tenancy/actor";
import { messageScope } from "@/lib/core/tenancy/scope";
import { PROVIDERS } from "@/lib/transcription/providers";
import { transcriptFileOf } from "@/lib/messages/transcribe-message";
import { publishMessageDeleted } from "./events";
import { getMessageOrThrow } from "./get-message";
import { updateMessage } from "./update-message";

/**
 * DELETE moves a message to "deleted"; a DELETE in "deleted" removes it for good with its audio and
 * transcripts. Each step publishes MessageDeleted (docs/messages.md); the answer is 204 either way.
 */
export async function deleteMessage(actor: Actor, guid: string, folder: string, messageId: string): Promise<void> {
  if (folder !== "deleted") {
    await updateMessage(actor, guid, folder, messageId, { folder: "deleted" });
    return;
  }
  const message = await getMessageOrThrow(actor, guid, folder, messageId);
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.message.deleteMany({ where: { AND: [{ id: message.id }, messageScope(actor)] } });
    if (count === 0) throw notFound(`Message ${messageId} in folder ${folder} of user ${guid}`);
    await publishMessageDeleted(tx, message, true);
  });
  const files = message.mediaItems.flatMap((item) => {
    const path = parseMediaPath(item);
    return path ? [path, ...PROVIDERS.map((p) => ({ folder: path.folder, file: transcriptFileOf(path.file, p.id) }))] : [];
  });
  await deleteSystemFiles(message.domainId, files);
}
