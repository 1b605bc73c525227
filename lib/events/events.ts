import type { DeliveryAttempt, Event, Prisma } from "@prisma/client";
import { getOwnApplicationOrThrow } from "@/lib/applications/get-application";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";
import { prisma } from "@/lib/core/db/client";
import { ApiError, notFound } from "@/lib/core/errors/api-error";
import { parseListQuery, toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { EVENT_STATUSES, eventFilterable, isEventStatus, type EventEntry } from "./contracts";
import { kickDelivery, publishEvent } from "@/lib/outbox/publish";

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
  const db = scopedDb(actor);
  const [total, rows] = await db.$transaction([
    db.event.count({ where }),
    db.event.findMany({ where, skip: query.skip, take: query.take, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  return toPage(
    query,
    total,
    rows.map((e) => toEventEntry(e)),
  );
}

async function getEventOrThrow(actor: Actor, appId: string, eventId: string) {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const event = await scopedDb(actor).event.findFirst({
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
  await scopedDb(actor).event.updateMany({
    where: { id: event.id },
    data: { status: "pending", attempts: 0, nextAttemptAt: new Date(), deliveredAt: null },
  });
  kickDelivery();
  return toEventEntry(await scopedDb(actor).event.findUniqueOrThrow({ where: { id: event.id } }));
}

/** Publishes a TestEvent to the application's notification URL (recorded as disabled when it has none). */
export async function sendTestEvent(actor: Actor, appId: string) {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const payload = await prisma.$transaction((tx) =>
    publishEvent(tx, {
      applicationId: app.id,
      type: "TestEvent",
      resourcePath: `/apps/${applicationPublicId(app.domain.name, app.name)}`,
      params: { message: "A test event from Switchboard." },
    }),
  );
  kickDelivery();
  return toEventEntry(await prisma.event.findUniqueOrThrow({ where: { id: payload.id } }));
}

export interface EventLogFilters {
  status?: string;
  type?: string;
  startIndex?: string;
  count?: string;
}

/** Events per page in the portal's delivery log. */
export const EVENTS_PAGE_SIZE = 20;

/**
 * The portal's filters as a ListQuery, paged like the API (startIndex/count). The API takes one
 * filterBy per request; the portal's status and type filters are both applied.
 */
export function eventLogQuery(filters: EventLogFilters): ListQuery {
  if (filters.status !== undefined && !isEventStatus(filters.status)) {
    throw new ApiError("invalid_parameter", `status must be one of ${EVENT_STATUSES.join(", ")}; got "${filters.status}".`, {
      extra: { parameter: "status" },
    });
  }
  const paging = new URLSearchParams({ startIndex: filters.startIndex ?? "0", count: filters.count ?? String(EVENTS_PAGE_SIZE) });
  const query = parseListQuery(paging, eventFilterable);
  const conditions = (["status", "type"] as const)
    .filter((by) => filters[by])
    .map((by) => parseListQuery(new URLSearchParams({ filterBy: by, filterValue: filters[by]! }), eventFilterable).where);
  return { ...query, where: { AND: conditions } };
}

/** The event types an application has had, for the portal's type filter. */
export async function listEventTypes(actor: Actor, appId: string): Promise<string[]> {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const types = await scopedDb(actor).event.groupBy({ by: ["type"], where: { applicationId: app.id }, orderBy: { type: "asc" } });
  return types.map((t) => t.type);
}
