import type { DeliveryAttempt, Event, Prisma } from "@prisma/client";
import { getOwnApplicationOrThrow } from "@/lib/applications/applications";
import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/rest/api-error";
import type { AuthedContext } from "@/lib/rest/context";
import { parseListQuery, toPage, type Filterable } from "@/lib/rest/list-query";
import { kickDelivery, publishEvent } from "./publish";

// The delivery log of one application, read and replayed by that application (two-legged).

const eventFilterable: Filterable = {
  type: { type: "string", column: "type" },
  status: { type: "string", column: "status" },
  createdOn: { type: "datetime", column: "createdAt" },
};

export function toEventEntry(event: Event, attempts?: DeliveryAttempt[]) {
  return {
    id: event.id,
    type: event.type,
    status: event.status,
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

export async function listEvents(ctx: AuthedContext, appId: string, params: URLSearchParams) {
  const app = await getOwnApplicationOrThrow(ctx, appId);
  const query = parseListQuery(params, eventFilterable);
  const where: Prisma.EventWhereInput = { AND: [{ applicationId: app.id }, query.where] };
  const [total, rows] = await prisma.$transaction([
    prisma.event.count({ where }),
    prisma.event.findMany({ where, skip: query.skip, take: query.take, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  return toPage(query, total, rows.map((e) => toEventEntry(e)));
}

async function getEventOrThrow(ctx: AuthedContext, appId: string, eventId: string) {
  const app = await getOwnApplicationOrThrow(ctx, appId);
  const event = await prisma.event.findFirst({
    where: { id: eventId, applicationId: app.id },
    include: { attemptLog: { orderBy: { attemptedAt: "asc" } } },
  });
  if (!event) throw notFound(`Event ${eventId}`);
  return event;
}

export async function getEvent(ctx: AuthedContext, appId: string, eventId: string) {
  const event = await getEventOrThrow(ctx, appId, eventId);
  return toEventEntry(event, event.attemptLog);
}

/** Sends the same event (same id) again from the start of the retry schedule. */
export async function replayEvent(ctx: AuthedContext, appId: string, eventId: string) {
  const event = await getEventOrThrow(ctx, appId, eventId);
  return toEventEntry(await resetForReplay(event.id));
}

/** Publishes a TestEvent to the application's notification URL (the portal's button). */
export async function sendTestEvent(ctx: AuthedContext, appId: string) {
  const app = await getOwnApplicationOrThrow(ctx, appId);
  return sendTestEventFor(app.id, appId);
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
