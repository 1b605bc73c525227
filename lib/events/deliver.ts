import type { Application, Event } from "@prisma/client";
import { config } from "@/lib/config";
import { decryptSecret } from "@/lib/crypto/secret-box";
import { prisma } from "@/lib/db/client";
import { log } from "@/lib/log";
import { sendWebhook, type SendResult } from "./send";
import { webhookHeaders } from "./signing";
import { currentWebhookSecret } from "./webhook-secret";

// Claims due events with SELECT ... FOR UPDATE SKIP LOCKED and pushes their nextAttemptAt forward
// by a lease before sending, so several instances never send the same event at the same moment,
// and an instance that dies mid-delivery only delays it by the lease (at-least-once).

const BATCH_SIZE = 50;
const CONCURRENCY = 16;
/** Longer than any attempt can take, so a claim outlives its delivery. */
const leaseMs = () => config().WEBHOOK_TIMEOUT_MS + 45_000;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

export interface BatchResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  disabled: number;
}

type ClaimedEvent = Event & { application: Application };

/** When the next attempt is due after `attempts` failed ones; null when the schedule is exhausted. */
export function nextAttemptAt(now: Date, attempts: number, scheduleMs: number[], retryAfterSeconds?: number): Date | null {
  const delay = scheduleMs[attempts - 1];
  if (delay === undefined) return null;
  const honoured = retryAfterSeconds === undefined ? 0 : Math.min(retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
  return new Date(now.getTime() + Math.max(delay, honoured));
}

async function claimDueEvents(limit: number): Promise<ClaimedEvent[]> {
  return prisma.$transaction(async (tx) => {
    const now = new Date();
    const rows = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "Event"
      WHERE status = 'pending' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    await tx.event.updateMany({ where: { id: { in: ids } }, data: { nextAttemptAt: new Date(now.getTime() + leaseMs()) } });
    return tx.event.findMany({ where: { id: { in: ids } }, include: { application: true } });
  });
}

/** The secrets to sign with: the current one, plus the previous one during a rotation. */
async function signingSecrets(app: Application): Promise<string[]> {
  const current = await currentWebhookSecret(app);
  const previous =
    app.previousWebhookSecretEnc && app.previousWebhookSecretUntil && app.previousWebhookSecretUntil > new Date()
      ? [decryptSecret(app.previousWebhookSecretEnc)]
      : [];
  return [current, ...previous];
}

export function deliveryBody(payload: unknown): string {
  return `Json=${encodeURIComponent(JSON.stringify(payload))}`;
}

async function deliverOne(event: ClaimedEvent): Promise<keyof Omit<BatchResult, "claimed">> {
  const app = event.application;
  const url = app.notificationUrl;
  if (!url || app.webhookDisabledAt) {
    await prisma.event.update({ where: { id: event.id }, data: { status: "disabled" } });
    return "disabled";
  }
  const body = deliveryBody(event.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers = webhookHeaders(await signingSecrets(app), event.id, timestamp, body);
  const result: SendResult = await sendWebhook(url, body, headers, config().WEBHOOK_TIMEOUT_MS);

  const now = new Date();
  const attempts = event.attempts + 1;
  const gone = result.statusCode === 410;
  const next = result.ok || gone ? null : nextAttemptAt(now, attempts, config().retryScheduleMs, result.retryAfterSeconds);
  const status = result.ok ? "delivered" : gone ? "disabled" : next ? "pending" : "failed";
  await prisma.$transaction([
    prisma.deliveryAttempt.create({
      data: {
        eventId: event.id,
        attemptedAt: now,
        url,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        responseExcerpt: result.responseExcerpt,
        error: gone ? "410 Gone: endpoint disabled until its URL is changed" : result.error,
      },
    }),
    prisma.event.update({
      where: { id: event.id },
      data: { status, attempts, ...(result.ok ? { deliveredAt: now } : {}), ...(next ? { nextAttemptAt: next } : {}) },
    }),
    ...(gone ? [prisma.application.update({ where: { id: app.id }, data: { webhookDisabledAt: now } })] : []),
  ]);
  if (status === "failed") log.warn("DeliveryExhausted", { eventId: event.id, applicationId: app.id, attempts });
  return result.ok ? "delivered" : gone ? "disabled" : next ? "retrying" : "failed";
}

async function eachWithConcurrency<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

let lastPrune = 0;

/** Delivered events older than EVENT_RETENTION_DAYS are deleted, at most once an hour. */
async function pruneOldEvents(): Promise<void> {
  if (Date.now() - lastPrune < 3_600_000) return;
  lastPrune = Date.now();
  const before = new Date(Date.now() - config().EVENT_RETENTION_DAYS * 86_400_000);
  await prisma.event.deleteMany({ where: { status: "delivered", deliveredAt: { lt: before } } });
}

/** Delivers due events until none are left or the time budget is spent. */
export async function runDeliveryBatch(budgetMs = 10_000): Promise<BatchResult> {
  const total: BatchResult = { claimed: 0, delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  const deadline = Date.now() + budgetMs;
  for (;;) {
    const events = await claimDueEvents(BATCH_SIZE);
    total.claimed += events.length;
    for (const outcome of await eachWithConcurrency(events, CONCURRENCY, deliverOne)) total[outcome]++;
    if (events.length < BATCH_SIZE || Date.now() > deadline) break;
  }
  await pruneOldEvents();
  return total;
}
