import { prisma } from "@/lib/core/db/client";
import { notFound } from "@/lib/core/errors/api-error";
import { withoutUnchangedReadOnly } from "@/lib/http/rest/read-only-fields";
import type { Actor } from "@/lib/core/tenancy/actor";
import { messageScope } from "@/lib/core/tenancy/scope";
import { transcribeMessage } from "@/lib/messages/transcribe-message";
import { publishMessageDeleted } from "./events";
import { getMessage, getMessageOrThrow } from "./get-message";
import { MESSAGE_READ_ONLY, type UpdateMessageInput } from "./schemas";
import { messageStatus } from "./status";
import { toMessageEntry } from "./transform";

/**
 * Marks a message read ({new: false}) or unread, urgent or not, labels it, or moves it to another
 * folder (moving to "deleted" is what DELETE does, and publishes MessageDeleted). A message with
 * audio moved into a folder the user transcribes gets its transcript.
 */
export async function updateMessage(actor: Actor, guid: string, folder: string, messageId: string, input: UpdateMessageInput) {
  const message = await getMessageOrThrow(actor, guid, folder, messageId);
  const changes = withoutUnchangedReadOnly(input, toMessageEntry(message), MESSAGE_READ_ONLY);
  const next = {
    isNew: changes.new ?? message.isNew,
    urgent: changes.urgent ?? message.urgent,
    folder: changes.folder ?? message.folder,
  };
  const deletedFrom = next.folder === message.folder ? message.deletedFrom : next.folder === "deleted" ? message.folder : null;
  const intoDeleted = next.folder === "deleted" && message.folder !== "deleted";
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.message.updateMany({
      where: { AND: [{ id: message.id }, messageScope(actor)] },
      data: {
        ...next,
        deletedFrom,
        ...(changes.label !== undefined ? { label: changes.label } : {}),
        status: messageStatus({ type: message.type, ...next }, message.recipients),
      },
    });
    if (count === 0) throw notFound(`Message ${messageId} in folder ${folder} of user ${guid}`);
    if (intoDeleted) await publishMessageDeleted(tx, message, false);
  });
  if (next.folder !== message.folder && message.mediaItems.length) await transcribeMessage(message.id);
  return getMessage(actor, guid, next.folder, message.id);
}
