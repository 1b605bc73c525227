import { prisma, type Tx } from "@/lib/core/db/client";
import { messagePath, publishMessageEvent } from "./events";
import { messageStatus } from "./status";

/** Reports applied per job run; the next run takes the rest. */
const BATCH_LIMIT = 200;

interface DueReport {
  id: string;
  messageId: string;
}

async function claimDue(tx: Tx, only: { userId?: string; messageId?: string }): Promise<DueReport | undefined> {
  const rows = await tx.$queryRaw<DueReport[]>`
    SELECT r."id", r."messageId" FROM "MessageRecipient" r JOIN "Message" m ON m."id" = r."messageId"
    WHERE r."reportDueAt" <= (now() AT TIME ZONE 'UTC')
      AND (${only.userId ?? null}::uuid IS NULL OR m."userId" = ${only.userId ?? null}::uuid)
      AND (${only.messageId ?? null}::uuid IS NULL OR m."id" = ${only.messageId ?? null}::uuid)
    ORDER BY r."reportDueAt" LIMIT 1
    FOR UPDATE OF r SKIP LOCKED`;
  return rows[0];
}

/** Applies a delivery report to one recipient: its status, the message's status, and an SmsStatus event. */
export async function applyDeliveryReport(tx: Tx, recipientId: string, status: "DELIVERED" | "FAILED", detail?: string): Promise<void> {
  const recipient = await tx.messageRecipient.update({
    where: { id: recipientId },
    data: { status, reportDueAt: null, reportStatus: null, ...(detail ? { detail } : {}) },
  });
  const message = await tx.message.findUniqueOrThrow({ where: { id: recipient.messageId }, include: { recipients: true } });
  await tx.message.update({ where: { id: message.id }, data: { status: messageStatus(message, message.recipients) } });
  await publishMessageEvent(tx, message.domainId, "SmsStatus", messagePath(message), {
    guid: message.userId,
    id: message.id,
    destination: recipient.destination,
    status,
  });
}

/**
 * Applies the SMS engine's reports that are due (the simulator's, scheduled at submission): run by the
 * job every second, and before a user's messages are read so a reply never shows a stale status.
 */
export async function applyDueReports(only: { userId?: string; messageId?: string } = {}): Promise<{ applied: number }> {
  let applied = 0;
  for (; applied < BATCH_LIMIT; applied++) {
    const done = await prisma.$transaction(async (tx) => {
      const due = await claimDue(tx, only);
      if (!due) return false;
      const recipient = await tx.messageRecipient.findUniqueOrThrow({ where: { id: due.id } });
      const failed = recipient.reportStatus === "FAILED";
      await applyDeliveryReport(
        tx,
        due.id,
        failed ? "FAILED" : "DELIVERED",
        failed ? "The SMS engine reported it undelivered (the handset could not be reached)." : undefined,
      );
      return true;
    });
    if (!done) break;
  }
  return { applied };
}
