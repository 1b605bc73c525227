import type { Message } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";
import { publishEvent } from "@/lib/outbox/publish";

/** Publishes a message event through the outbox to every application of the owner's domain. */
export async function publishMessageEvent(
  tx: Tx,
  domainId: string,
  type: string,
  resourcePath: string,
  params: Record<string, unknown>,
): Promise<void> {
  const applications = await tx.application.findMany({ where: { domainId }, select: { id: true } });
  for (const { id } of applications) await publishEvent(tx, { applicationId: id, type, resourcePath, params });
}

/** /messages/<guid>/<folder>/<id> */
export const messagePath = (m: { userId: string; folder: string; id: string }) => `/messages/${m.userId}/${encodeURIComponent(m.folder)}/${m.id}`;

/**
 * MessageDeleted, the original platform's deletemessage: sent when a message moves to "deleted"
 * (purged: false) and again when it is removed for good from there (purged: true), so a client
 * keeping a copy of either folder learns both. The resource is the message in "deleted".
 */
export function publishMessageDeleted(
  tx: Tx,
  message: Pick<Message, "id" | "userId" | "domainId" | "callId" | "sender" | "fromAddress" | "title" | "body">,
  purged: boolean,
) {
  return publishMessageEvent(tx, message.domainId, "MessageDeleted", messagePath({ ...message, folder: "deleted" }), {
    guid: message.userId,
    id: message.id,
    callId: message.callId ?? null,
    senderId: message.sender ?? message.fromAddress ?? null,
    title: message.title ?? null,
    body: message.body ?? null,
    purged,
  });
}
