import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { isGuid } from "@/lib/core/validation";
import { applyDueReports } from "./apply-sms-reports";
import { toMessageEntry, withRecipients, type MessageRow } from "./transform";

/** The user's message in that folder if the actor may see it; 404 otherwise (a moved message answers at its new folder). */
export async function getMessageOrThrow(actor: Actor, guid: string, folder: string, messageId: string): Promise<MessageRow> {
  const user = await getUserOrThrow(actor, guid);
  if (isGuid(messageId)) await applyDueReports({ messageId: messageId.toLowerCase() });
  const message = isGuid(messageId)
    ? await scopedDb(actor).message.findFirst({ where: { id: messageId.toLowerCase(), userId: user.id, folder }, include: withRecipients })
    : null;
  if (!message) throw notFound(`Message ${messageId} in folder ${folder} of user ${guid}`);
  return message;
}

export async function getMessage(actor: Actor, guid: string, folder: string, messageId: string) {
  return toMessageEntry(await getMessageOrThrow(actor, guid, folder, messageId));
}
