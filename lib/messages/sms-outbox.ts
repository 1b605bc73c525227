import { prisma, type Tx } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { runWithCaps } from "@/lib/core/run-with-caps";
import { smsEngine } from "@/lib/telephony/configured-sms-engine";
import type { SmsEngine, SmsSubmission } from "@/lib/telephony/sms-engine";
import { applyDeliveryReport } from "./apply-sms-reports";
import { carrierListener } from "./sms-carrier-reports";
import { messageStatus } from "./status";

// The SMS outbox (docs/messages.md, "Sending once"): the recipients of an SMS are queued
// (submitAt) in the transaction that stores the message, and submitted after it committed, by the
// request itself and, for what that missed (a bind down, throttling, a crash), by the SMS job. A
// claim (FOR UPDATE SKIP LOCKED, committed at once) pushes submitAt forward by a lease, so two
// processes never submit the same recipient at once and no transaction is open while the carrier
// answers; each part the carrier acknowledges is recorded (SmsPart) before the next is sent, and a
// later attempt sends only the parts it has no record of, under the same concatenation reference.

/** A claim's lease: longer than a submission of a few parts can take (bind wait, throughput slot, response timeout each). */
const SUBMIT_LEASE_MS = 120_000;
/** The request submits its own recipients first: the job takes them only after this. */
const REQUEST_FIRST_MS = 5_000;
const BATCH_LIMIT = 50;
/** Submissions in flight at once per process (the carrier's throughput cap still paces them). */
const CONCURRENT_SUBMISSIONS = 10;

interface ClaimedRecipient {
  id: string;
  messageId: string;
  destination: string;
  carrierReference: number;
  body: string | null;
  fromAddress: string | null;
}

/** Inside the transaction that stores an SMS: queues its recipients for the engine. */
export async function queueSmsRecipients(tx: Tx, messageId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "MessageRecipient" SET "submitAt" = ${new Date(Date.now() + REQUEST_FIRST_MS)}
    WHERE "messageId" = ${messageId}::uuid AND "status" = 'INITIAL'`;
}

async function claim(messageId: string | undefined, limit: number): Promise<ClaimedRecipient[]> {
  return prisma.$transaction(async (tx) => {
    const now = new Date();
    // One message (its request): what is queued, even in its first seconds; else what is due.
    const dueBy = messageId ? new Date(now.getTime() + REQUEST_FIRST_MS) : now;
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT r."id" FROM "MessageRecipient" r
      WHERE r."status" = 'INITIAL' AND r."submitAt" <= ${dueBy}
        AND (${messageId ?? null}::uuid IS NULL OR r."messageId" = ${messageId ?? null}::uuid)
      ORDER BY r."submitAt" LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return [];
    return tx.$queryRaw<ClaimedRecipient[]>`
      UPDATE "MessageRecipient" r SET "submitAt" = ${new Date(now.getTime() + SUBMIT_LEASE_MS)}, "submitAttempts" = r."submitAttempts" + 1,
        "carrierReference" = COALESCE(r."carrierReference", floor(random() * 256)::int)
      FROM "Message" m
      WHERE m."id" = r."messageId" AND r."id" = ANY(${rows.map((r) => r.id)}::uuid[])
      RETURNING r."id", r."messageId", r."destination", r."carrierReference", m."body", m."fromAddress"`;
  });
}

async function acknowledgedParts(recipientId: string): Promise<Set<number>> {
  const rows = await prisma.$queryRaw<{ part: number }[]>`SELECT "part" FROM "SmsPart" WHERE "recipientId" = ${recipientId}::uuid`;
  return new Set(rows.map((r) => r.part));
}

/** Records a part the carrier acknowledged, in its own transaction, before the next part goes. */
async function recordPart(recipientId: string, part: number, parts: number, carrierMessageId: string): Promise<void> {
  await prisma.$executeRaw`INSERT INTO "SmsPart" ("recipientId", "part", "parts", "carrierMessageId", "status")
    VALUES (${recipientId}::uuid, ${part}, ${parts}, ${carrierMessageId}, 'SENT') ON CONFLICT DO NOTHING`;
}

export async function refreshMessageStatus(tx: Tx, messageId: string): Promise<void> {
  const message = await tx.message.findUniqueOrThrow({ where: { id: messageId }, include: { recipients: true } });
  await tx.message.update({ where: { id: messageId }, data: { status: messageStatus(message, message.recipients) } });
}

/** Applies an engine's answer in its own transaction. A refusal the request reports itself (its 201) publishes no SmsStatus. */
async function applySubmission(recipient: ClaimedRecipient, outcome: SmsSubmission, announceFailure: boolean): Promise<void> {
  await prisma.$transaction(async (tx) => {
    if ("deferred" in outcome) {
      await tx.$executeRaw`UPDATE "MessageRecipient" SET "submitAt" = ${new Date(Date.now() + outcome.retryAfterMs)} WHERE "id" = ${recipient.id}::uuid`;
      return;
    }
    await tx.$executeRaw`UPDATE "MessageRecipient" SET "submitAt" = NULL WHERE "id" = ${recipient.id}::uuid`;
    // A receipt may have overtaken this answer's record: only a recipient still INITIAL changes.
    const current = await tx.messageRecipient.findUniqueOrThrow({ where: { id: recipient.id }, select: { status: true } });
    if (current.status !== "INITIAL") return;
    if (!outcome.accepted && announceFailure) return applyDeliveryReport(tx, recipient.id, "FAILED", outcome.detail);
    await tx.messageRecipient.update({
      where: { id: recipient.id },
      data: outcome.accepted
        ? { status: "SENT", reportDueAt: outcome.report?.dueAt ?? null, reportStatus: outcome.report?.status ?? null }
        : { status: "FAILED", detail: outcome.detail },
    });
    await refreshMessageStatus(tx, recipient.messageId);
  });
}

/** The configured engine; a carrier is bound to its listener (receipts, inbound SMS) on first use. */
export function sendingEngine(): SmsEngine {
  const engine = smsEngine();
  engine.listen?.(carrierListener);
  return engine;
}

async function submitOne(engine: SmsEngine, recipient: ClaimedRecipient, announceFailure: boolean): Promise<SmsSubmission> {
  let outcome: SmsSubmission;
  try {
    outcome = await engine.submit(
      { from: recipient.fromAddress ?? "", to: recipient.destination, body: recipient.body ?? "" },
      {
        reference: recipient.carrierReference,
        acknowledged: await acknowledgedParts(recipient.id),
        onAcknowledged: (part, parts, carrierMessageId) => recordPart(recipient.id, part, parts, carrierMessageId),
      },
    );
  } catch (error) {
    // An unexpected failure (the database while recording a part): tried again after the lease, with what was recorded.
    log.error("SMS submission failed; the outbox tries again", { recipientId: recipient.id, error: String(error) });
    return { deferred: true, retryAfterMs: SUBMIT_LEASE_MS, detail: String(error) };
  }
  await applySubmission(recipient, outcome, announceFailure);
  return outcome;
}

/**
 * Submits queued recipients: those of `messageId` (the request that stored it, right after its
 * commit), or every one that is due (the SMS job). Returns how many were accepted, refused, deferred.
 */
export async function submitQueuedSms(only: { messageId?: string } = {}): Promise<{ accepted: number; refused: number; deferred: number }> {
  const engine = sendingEngine(); // binds a carrier at the job's first run, so receipts and inbound SMS arrive with nothing to send
  const claimed = await claim(only.messageId, BATCH_LIMIT);
  const counts = { accepted: 0, refused: 0, deferred: 0 };
  if (claimed.length === 0) return counts;
  const outcomes = await runWithCaps(
    claimed,
    (r) => r.destination,
    { total: CONCURRENT_SUBMISSIONS, perKey: 1 },
    (r) => submitOne(engine, r, !only.messageId),
  );
  for (const o of outcomes) counts["deferred" in o ? "deferred" : o.accepted ? "accepted" : "refused"]++;
  return counts;
}
