import type { Application, Event, Prisma } from "@prisma/client";
import { config } from "@/lib/core/config";
import { prisma, sql } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { runWithCaps, type ConcurrencyCaps } from "@/lib/core/run-with-caps";
import { jobsSignature } from "@/lib/http/jobs-auth";
import { CONNECTIONS_PER_ORIGIN, sendWebhook, type SendResult } from "./send";
import { webhookHeaders } from "./signing";
import { signingSecrets } from "./current-webhook-secret";
import { builtInReceiverUrl, isWatched } from "./built-in-receiver";

// Claims a batch of due events with SELECT ... FOR UPDATE SKIP LOCKED and pushes their
// nextAttemptAt forward by a lease covering the batch's worst-case send time, so several
// instances never send the same event at the same moment, and an instance that dies mid-delivery
// only delays it by the lease (at-least-once). The batch is sent concurrently (capped per
// instance and per receiver origin) and its outcomes are written in one transaction.

const BATCH_SIZE = 100;
/** Sends in flight per instance, and per receiver origin (the keep-alive connections to it). */
export const SEND_CAPS: ConcurrencyCaps = { total: 32, perKey: CONNECTIONS_PER_ORIGIN };
/** Room for signing and writing the batch's outcomes after its last send. */
const LEASE_MARGIN_MS = 30_000;
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

export interface BatchResult {
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  disabled: number;
}

type ClaimedEvent = Event & { application: Application };
type Outcome = keyof Omit<BatchResult, "claimed">;

/** When the next attempt is due after `attempts` failed ones; null when the schedule is exhausted. */
export function nextAttemptAt(now: Date, attempts: number, scheduleMs: number[], retryAfterSeconds?: number): Date | null {
  const delay = scheduleMs[attempts - 1];
  if (delay === undefined) return null;
  const honoured = retryAfterSeconds === undefined ? 0 : Math.min(retryAfterSeconds * 1000, MAX_RETRY_AFTER_MS);
  return new Date(now.getTime() + Math.max(delay, honoured));
}

/** Sends to one origin share its cap (several applications may point at the same receiver). */
export function endpointKey(url: string | null): string {
  if (!url) return "";
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * The claim lease of a batch: its worst-case send time plus a margin. Every send takes at most
 * `timeoutMs`, and sends start greedily under both caps, so the last one starts once the total
 * cap has been busy for at most n/total timeouts and its endpoint's cap for at most m/perKey
 * (m: the most sends to one endpoint), and ends one timeout later.
 */
export function leaseMs(endpoints: string[], timeoutMs: number, caps = SEND_CAPS): number {
  const perEndpoint = new Map<string, number>();
  for (const e of endpoints) perEndpoint.set(e, (perEndpoint.get(e) ?? 0) + 1);
  const mostToOne = Math.max(0, ...perEndpoint.values());
  const rounds = Math.ceil(endpoints.length / caps.total) + Math.ceil(mostToOne / caps.perKey) + 1;
  return timeoutMs * rounds + LEASE_MARGIN_MS;
}

/** Whether any event is due: one plain statement, where claiming would open a transaction to find none (most rounds after a call's change). */
async function anyDueEvent(now: Date): Promise<boolean> {
  const { rows } = await sql(`SELECT 1 FROM "Event" WHERE status = 'pending' AND "nextAttemptAt" <= $1::timestamp LIMIT 1`, [now.toISOString()]);
  return rows.length > 0;
}

async function claimDueEvents(limit: number): Promise<ClaimedEvent[]> {
  if (!(await anyDueEvent(new Date()))) return [];
  return prisma.$transaction(async (tx) => {
    const now = new Date();
    const rows = await tx.$queryRaw<{ id: string; notificationUrl: string | null }[]>`
      SELECT e.id, a."notificationUrl" FROM "Event" e JOIN "Application" a ON a.id = e."applicationId"
      WHERE e.status = 'pending' AND e."nextAttemptAt" <= ${now}
      ORDER BY e."nextAttemptAt"
      LIMIT ${limit}
      FOR UPDATE OF e SKIP LOCKED`;
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // A watched application's copy to the built-in receiver goes in parallel: the same lease holds.
    const lease = leaseMs(
      rows.map((r) => endpointKey(r.notificationUrl)),
      config().WEBHOOK_TIMEOUT_MS,
    );
    await tx.event.updateMany({ where: { id: { in: ids } }, data: { nextAttemptAt: new Date(now.getTime() + lease) } });
    return tx.event.findMany({ where: { id: { in: ids } }, include: { application: true } });
  });
}

export function deliveryBody(payload: unknown): string {
  return `Json=${encodeURIComponent(JSON.stringify(payload))}`;
}

interface Attempt {
  event: ClaimedEvent;
  url: string;
  result: SendResult;
}

/** Where an event goes: its notification URL, else (while watched) the built-in receiver. */
const hasEndpoint = (app: Application) => Boolean(app.notificationUrl && !app.webhookDisabledAt);
const targetOf = (app: Application) => (hasEndpoint(app) ? app.notificationUrl! : builtInReceiverUrl(app.id));

/** The built-in receiver's route admits only the server's own sends. */
const internalHeaders = () => ({ "x-jobs-signature": jobsSignature() });

/**
 * Sends every deliverable event of a batch; secrets are decrypted once per application. While the
 * application is watched, a copy of each delivery to its notification URL also goes to the built-in
 * receiver (same body and signature headers); the copy's outcome changes nothing.
 */
async function sendBatch(events: ClaimedEvent[]): Promise<Attempt[]> {
  const secretsByApp = new Map<string, Promise<string[]>>();
  const timeoutMs = config().WEBHOOK_TIMEOUT_MS;
  return runWithCaps(
    events,
    (e) => endpointKey(targetOf(e.application)),
    SEND_CAPS,
    async (event) => {
      const app = event.application;
      const url = targetOf(app);
      const toReceiver = !hasEndpoint(app);
      try {
        if (!secretsByApp.has(app.id)) secretsByApp.set(app.id, signingSecrets(app));
        const body = deliveryBody(event.payload);
        const headers = webhookHeaders(await secretsByApp.get(app.id)!, event.id, Math.floor(Date.now() / 1000), body);
        const copy =
          !toReceiver && isWatched(app)
            ? sendWebhook(builtInReceiverUrl(app.id), body, { ...headers, ...internalHeaders() }, timeoutMs, { internal: true })
            : undefined;
        const result = toReceiver
          ? await sendWebhook(url, body, { ...headers, ...internalHeaders() }, timeoutMs, { internal: true })
          : await sendWebhook(url, body, headers, timeoutMs);
        const copied = await copy;
        if (copied && !copied.ok) log.warn("built-in receiver copy not recorded", { eventId: event.id, error: copied.error ?? copied.statusCode });
        return { event, url, result };
      } catch (error) {
        return { event, url, result: { ok: false, latencyMs: 0, error: `not sent: ${(error as Error).message}` } };
      }
    },
  );
}

/** Records a batch's attempts and new statuses in one transaction; returns each event's outcome. */
async function recordBatch(attempts: Attempt[], undeliverable: ClaimedEvent[]): Promise<Outcome[]> {
  const now = new Date();
  const outcomes: Outcome[] = undeliverable.map(() => "disabled");
  const delivered: string[] = [];
  const others: Prisma.PrismaPromise<unknown>[] = [];
  const goneApps = new Set<string>();
  for (const { event, result } of attempts) {
    const attemptsSoFar = event.attempts + 1;
    const gone = result.statusCode === 410;
    if (result.ok) {
      delivered.push(event.id);
      outcomes.push("delivered");
      continue;
    }
    if (gone) goneApps.add(event.applicationId);
    const next = gone ? null : nextAttemptAt(now, attemptsSoFar, config().retryScheduleMs, result.retryAfterSeconds);
    const status = gone ? "disabled" : next ? "pending" : "failed";
    outcomes.push(gone ? "disabled" : next ? "retrying" : "failed");
    others.push(
      prisma.event.update({ where: { id: event.id }, data: { status, attempts: attemptsSoFar, ...(next ? { nextAttemptAt: next } : {}) } }),
    );
    if (status === "failed") log.warn("DeliveryExhausted", { eventId: event.id, applicationId: event.applicationId, attempts: attemptsSoFar });
  }
  await prisma.$transaction([
    prisma.deliveryAttempt.createMany({
      data: attempts.map(({ event, url, result }) => ({
        eventId: event.id,
        attemptedAt: now,
        url,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        responseExcerpt: result.responseExcerpt,
        error: result.statusCode === 410 ? "410 Gone: endpoint disabled until its URL is changed" : result.error,
      })),
    }),
    ...(delivered.length
      ? [prisma.event.updateMany({ where: { id: { in: delivered } }, data: { status: "delivered", attempts: { increment: 1 }, deliveredAt: now } })]
      : []),
    ...(undeliverable.length
      ? [prisma.event.updateMany({ where: { id: { in: undeliverable.map((e) => e.id) } }, data: { status: "disabled" } })]
      : []),
    ...others,
    ...(goneApps.size ? [prisma.application.updateMany({ where: { id: { in: [...goneApps] } }, data: { webhookDisabledAt: now } })] : []),
  ]);
  return outcomes;
}

async function deliverBatch(): Promise<BatchResult> {
  const events = await claimDueEvents(BATCH_SIZE);
  const total: BatchResult = { claimed: events.length, delivered: 0, retrying: 0, failed: 0, disabled: 0 };
  if (events.length === 0) return total;
  const deliverable = (e: ClaimedEvent) => hasEndpoint(e.application) || isWatched(e.application);
  const attempts = await sendBatch(events.filter(deliverable));
  for (const outcome of await recordBatch(
    attempts,
    events.filter((e) => !deliverable(e)),
  ))
    total[outcome]++;
  return total;
}

let lastPrune = 0;

/** Delivered events older than EVENT_RETENTION_DAYS are deleted, at most once an hour. */
async function pruneOldEvents(): Promise<void> {
  if (Date.now() - lastPrune < 3_600_000) return;
  lastPrune = Date.now();
  const before = new Date(Date.now() - config().EVENT_RETENTION_DAYS * 86_400_000);
  await prisma.event.deleteMany({ where: { status: "delivered", deliveredAt: { lt: before } } });
}

// One delivery loop per process: route handlers are separate bundles, so the state lives on
// globalThis. A call while the loop runs asks it for one more round and shares its result.
const loop = ((globalThis as { __switchboardDelivery?: { running?: Promise<BatchResult>; again: boolean } }).__switchboardDelivery ??= {
  again: false,
});

/** Delivers due events until none are left or the time budget is spent. */
export function runDeliveryBatch(budgetMs = 10_000): Promise<BatchResult> {
  if (loop.running) {
    loop.again = true;
    return loop.running;
  }
  const run = async (): Promise<BatchResult> => {
    try {
      await pruneOldEvents();
      const total: BatchResult = { claimed: 0, delivered: 0, retrying: 0, failed: 0, disabled: 0 };
      const deadline = Date.now() + budgetMs;
      let full: boolean;
      do {
        loop.again = false;
        const batch = await deliverBatch();
        for (const key of Object.keys(total) as (keyof BatchResult)[]) total[key] += batch[key];
        full = batch.claimed === BATCH_SIZE;
      } while ((full || loop.again) && Date.now() < deadline);
      return total;
    } finally {
      loop.running = undefined;
    }
  };
  return (loop.running = run());
}
