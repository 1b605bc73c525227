import type { DeliveryAttempt, Event, Prisma } from "@prisma/client";
import { getOwnApplicationOrThrow } from "@/lib/applications/get-application";
import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/rest/api-error";
import { toPage, type ListQuery } from "@/lib/rest/list-query";
import type { Actor } from "@/lib/tenancy/actor";
import type { EventEntry } from "./contracts";
import { kickDelivery, publishEvent } from "./publish";

// The delivery log of one application, read and replayed by that application (two-legged) or its
// developer in the portal: getOwnApplicationOrThrow scopes every query to what the actor administers.

export function toEventEntry(event: Event, attempts?: DeliveryAttempt[]): EventEntry {
  return {
    id: event.id,
    type: event.type,
    status: event.status as EventEntry["status"],
    attempts: event.attempts,
    created: event.createdAt.toISOString(),
    nextAttempt: event.status === "pending" ? event.nextAttemptAt.toISOString() : undefined,
    delivered: event.deliveredAt?.toISOString(),
    payload: event.payload,
    ...(attempts
      ? {
          deliveries: attempts.map((a) => ({
            time: a.attemptedAt.toISOString(),
            url: a.url,
            statusCode: a.statusCode ?? undefined,
            latencyMs: a.latencyMs,
            responseExcerpt: a.responseExcerpt ?? undefined,
            error: a.error ?? undefined,
          })),
        }
      : {}),
  };
}

export async function listEvents(actor: Actor, appId: string, query: ListQuery) {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const where: Prisma.EventWhereInput = { AND: [{ applicationId: app.id }, query.where] };
  const [total, rows] = await prisma.$transaction([
    prisma.event.count({ where }),
    prisma.event.findMany({ where, skip: query.skip, take: query.take, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  return toPage(query, total, rows.map((e) => toEventEntry(e)));
}

async function getEventOrThrow(actor: Actor, appId: string, eventId: string) {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const event = await prisma.event.findFirst({
    where: { id: eventId, applicationId: app.id },
    include: { attemptLog: { orderBy: { attemptedAt: "asc" } } },
  });
  if (!event) throw notFound(`Event ${eventId}`);
  return event;
}

export async function getEvent(actor: Actor, appId: string, eventId: string) {
  const event = await getEventOrThrow(actor, appId, eventId);
  return toEventEntry(event, event.attemptLog);
}

/** Sends the same event (same id) again from the start of the retry schedule. */
export async function replayEvent(actor: Actor, appId: string, eventId: string) {
  const event = await getEventOrThrow(actor, appId, eventId);
  return toEventEntry(await resetForReplay(event.id));
}

/** Publishes a TestEvent to the application's notification URL (the portal's button). */
export async function sendTestEvent(actor: Actor, appId: string) {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const payload = await sendTestEventFor(app.id, `${app.domain.name}:${app.name}`);
  return toEventEntry(await prisma.event.findUniqueOrThrow({ where: { id: payload.id } }));
}

// Shared with the portal (lib/events/portal.ts): callers check ownership first.

/**
 * Puts an event (already checked to belong to the caller) back at the start of the retry schedule,
 * keeping its id, and starts delivering it.
 */
export async function resetForReplay(eventId: string) {
  const updated = await prisma.event.update({
    where: { id: eventId },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), deliveredAt: null },
  });
  kickDelivery();
  return updated;
}

/** Publishes a TestEvent for an application (internal id; `publicId` is "<domain>:<name>") and starts delivering it. */
export async function sendTestEventFor(applicationId: string, publicId: string) {
  const payload = await prisma.$transaction((tx) =>
    publishEvent(tx, {
      applicationId,
      type: "TestEvent",
      resourcePath: `/apps/${publicId}`,
      params: { message: "A test event from Switchboard." },
    }),
  );
  kickDelivery();
  return payload;
}
