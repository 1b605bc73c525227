import type { ReceivedDelivery } from "@prisma/client";
import { getOwnApplicationOrThrow } from "@/lib/applications/get-application";
import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { isGuid } from "@/lib/core/validation";
import { WATCH_LEASE_MS } from "@/lib/outbox/built-in-receiver";
import { signingSecrets } from "@/lib/outbox/current-webhook-secret";
import { signatureProblem } from "@/lib/outbox/signing";
import type { ReceivedDeliveryEntry, ReceiverEntry } from "./contracts";

// The built-in receiver (docs/webhooks.md, "Watching deliveries"): what arrives at
// /api/receiver/<application id> is checked as a receiver would check it and kept, newest
// RECEIVER_HISTORY per application; the application (two-legged) and its developer read it back.

/** Deliveries kept per application; older ones are deleted as new ones arrive. */
export const RECEIVER_HISTORY = 50;
/** A look renews the watch once less than this is left, so polling writes once a few minutes. */
const RENEW_BELOW_MS = WATCH_LEASE_MS - 60_000;
/** Headers shown as they arrived; the connection's own (host, x-forwarded-for, the jobs signature) are not the delivery's. */
const SHOWN_HEADERS = /^(content-type|content-length|user-agent|webhook-id|webhook-timestamp|webhook-signature)$/;

export interface Arrival {
  headers: Record<string, string>;
  body: string;
}

function eventTypeOf(body: string): string {
  try {
    const type = (JSON.parse(new URLSearchParams(body).get("Json") ?? "") as { type?: unknown }).type;
    return typeof type === "string" ? type.slice(0, 100) : "(no type)";
  } catch {
    return "(not an event)";
  }
}

/**
 * Records one delivery to an application's built-in receiver. Answers as a receiver would: 200 when
 * the signature is valid, 401 when not (recorded either way, so the watcher sees why), 404 for no
 * such application. Only the server's own sends reach it (app/api/receiver checks the jobs signature).
 */
export async function receiveDelivery(applicationId: string, { headers, body }: Arrival): Promise<{ status: number; verification?: string }> {
  if (!isGuid(applicationId)) return { status: 404 };
  const app = await prisma.application.findUnique({ where: { id: applicationId.toLowerCase() } });
  if (!app) return { status: 404 };
  const problem = signatureProblem(await signingSecrets(app), headers, body, Math.floor(Date.now() / 1000));
  const verification = problem ? `signature invalid: ${problem}` : "signature valid";
  const shown = Object.fromEntries(Object.entries(headers).filter(([name]) => SHOWN_HEADERS.test(name)));
  await prisma.$transaction(async (tx) => {
    await tx.receivedDelivery.create({
      data: {
        applicationId: app.id,
        eventId: (headers["webhook-id"] ?? "").slice(0, 100),
        eventType: eventTypeOf(body),
        headers: shown,
        body: body.slice(0, 64 * 1024),
        signatureValid: !problem,
        verification,
      },
    });
    const kept = await tx.receivedDelivery.findMany({
      where: { applicationId: app.id },
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      skip: RECEIVER_HISTORY,
      take: 1,
      select: { receivedAt: true },
    });
    if (kept[0]) await tx.receivedDelivery.deleteMany({ where: { applicationId: app.id, receivedAt: { lte: kept[0].receivedAt } } });
  });
  return { status: problem ? 401 : 200, verification };
}

function toReceivedEntry(d: ReceivedDelivery): ReceivedDeliveryEntry {
  let event: unknown;
  try {
    event = JSON.parse(new URLSearchParams(d.body).get("Json") ?? "null");
  } catch {
    event = null;
  }
  return {
    id: d.id,
    received: d.receivedAt.toISOString(),
    eventId: d.eventId,
    type: d.eventType,
    signatureValid: d.signatureValid,
    verification: d.verification,
    headers: d.headers as Record<string, string>,
    body: d.body,
    event,
  };
}

/**
 * What the application's built-in receiver got, newest first (`since`: only what arrived after
 * that delivery's time), and the watch renewed: while watched, deliveries are copied to it.
 */
export async function watchReceiver(actor: Actor, appId: string, since?: string): Promise<ReceiverEntry> {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const now = Date.now();
  let until = app.receiverWatchedUntil;
  if (!until || until.getTime() - now < RENEW_BELOW_MS) {
    until = new Date(now + WATCH_LEASE_MS);
    await prisma.application.update({ where: { id: app.id }, data: { receiverWatchedUntil: until } });
  }
  const after = since ? new Date(since) : undefined;
  const rows = await prisma.receivedDelivery.findMany({
    where: { applicationId: app.id, ...(after && !Number.isNaN(after.getTime()) ? { receivedAt: { gt: after } } : {}) },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: RECEIVER_HISTORY,
  });
  return { watchingUntil: until.toISOString(), deliveries: rows.map(toReceivedEntry) };
}
