import type { Tx } from "@/lib/db/client";
import { publishEvent } from "@/lib/events/publish";

/** Publishes a message event through the outbox to every application of the owner's domain. */
export async function publishMessageEvent(tx: Tx, domainId: string, type: string, resourcePath: string, params: Record<string, unknown>): Promise<void> {
  const applications = await tx.application.findMany({ where: { domainId }, select: { id: true } });
  for (const { id } of applications) await publishEvent(tx, { applicationId: id, type, resourcePath, params });
}

/** /messages/<guid>/<folder>/<id> */
export const messagePath = (m: { userId: string; folder: string; id: string }) => `/messages/${m.userId}/${encodeURIComponent(m.folder)}/${m.id}`;
