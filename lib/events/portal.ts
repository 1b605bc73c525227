import type { Prisma } from "@prisma/client";
import { applicationPublicId } from "@/lib/applications/transform";
import { prisma } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/rest/api-error";
import { MAX_COUNT } from "@/lib/rest/list-query";
import { resetForReplay, sendTestEventFor, toEventEntry } from "./events";

// The delivery log as the developer portal shows it: the same data as lib/events/events.ts, but
// scoped to the signed-in developer. Every query carries the owner inside its where, so another
// developer's application or event is simply not found (404), never "forbidden".

export const EVENT_STATUSES = ["pending", "delivered", "failed", "disabled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Events per page in the portal when the caller does not say. */
export const EVENTS_PAGE_SIZE = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const ownedBy = (developerId: string) => ({ domain: { ownerId: developerId } });

export const isEventStatus = (value: unknown): value is EventStatus => EVENT_STATUSES.includes(value as EventStatus);

/** Throws the same 404 for a malformed id, an unknown one and another developer's application. */
function assertApplicationId(appId: string): void {
  if (!UUID.test(appId)) throw notFound("Application");
}

async function ownedApplicationOrThrow(developerId: string, appId: string) {
  assertApplicationId(appId);
  const app = await prisma.application.findFirst({ where: { id: appId, ...ownedBy(developerId) }, include: { domain: true } });
  if (!app) throw notFound("Application");
  return app;
}

/** What the events page shows about the endpoint: where events go and whether delivery is stopped. */
export async function getApplicationWebhook(developerId: string, appId: string) {
  const app = await ownedApplicationOrThrow(developerId, appId);
  const previousUntil = app.previousWebhookSecretEnc && app.previousWebhookSecretUntil;
  return {
    internalId: app.id,
    id: applicationPublicId(app.domain.name, app.name),
    name: app.name,
    notificationUrl: app.notificationUrl ?? undefined,
    /** Set when the endpoint answered 410 Gone; cleared when the URL changes. */
    disabledAt: app.webhookDisabledAt?.toISOString(),
    /** Until when the secret before the last rotation still signs deliveries, if it still does. */
    previousSecretUntil: previousUntil && previousUntil > new Date() ? previousUntil.toISOString() : undefined,
  };
}

export type ApplicationWebhook = Awaited<ReturnType<typeof getApplicationWebhook>>;

export interface EventListOptions {
  status?: string;
  type?: string;
  startIndex?: number;
  count?: number;
}

/** One page of the application's events, newest first, with the event types it has (for the filter). */
export async function listApplicationEvents(developerId: string, appId: string, options: EventListOptions = {}) {
  assertApplicationId(appId);
  const status = options.status || undefined;
  if (status !== undefined && !isEventStatus(status)) {
    throw new ApiError("invalid_parameter", `status must be one of ${EVENT_STATUSES.join(", ")}; got "${status}".`, {
      extra: { parameter: "status" },
    });
  }
  const type = options.type?.trim() || undefined;
  const startIndex = Math.max(0, Math.floor(options.startIndex ?? 0));
  const count = Math.min(Math.max(1, Math.floor(options.count ?? EVENTS_PAGE_SIZE)), MAX_COUNT);

  const ofApp: Prisma.EventWhereInput = { applicationId: appId, application: ownedBy(developerId) };
  const where: Prisma.EventWhereInput = { ...ofApp, ...(status ? { status } : {}), ...(type ? { type } : {}) };
  const [app, totalResults, rows, types] = await prisma.$transaction([
    prisma.application.findFirst({ where: { id: appId, ...ownedBy(developerId) }, select: { webhookDisabledAt: true } }),
    prisma.event.count({ where }),
    prisma.event.findMany({ where, skip: startIndex, take: count, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
    prisma.event.groupBy({ by: ["type"], where: ofApp, orderBy: { type: "asc" } }),
  ]);
  if (!app) throw notFound("Application");
  return {
    /** When the endpoint answered 410 Gone (deliveries stopped), read with the page: the page shows it live. */
    endpointDisabledAt: app.webhookDisabledAt?.toISOString(),
    startIndex,
    count,
    totalResults,
    entry: rows.map((e) => toEventEntry(e)),
    types: types.map((t) => t.type),
  };
}

export type EventList = Awaited<ReturnType<typeof listApplicationEvents>>;
export type EventListEntry = EventList["entry"][number];

async function ownedEventOrThrow(developerId: string, appId: string, eventId: string) {
  const event = UUID.test(appId)
    ? await prisma.event.findFirst({
        where: { id: eventId, applicationId: appId, application: ownedBy(developerId) },
        include: { attemptLog: { orderBy: { attemptedAt: "asc" } } },
      })
    : null;
  if (!event) throw notFound(`Event ${eventId}`);
  return event;
}

/** One event with every delivery attempt (time, URL, status, latency, response excerpt, error). */
export async function getApplicationEvent(developerId: string, appId: string, eventId: string) {
  const event = await ownedEventOrThrow(developerId, appId, eventId);
  return toEventEntry(event, event.attemptLog);
}

export type EventDetail = Awaited<ReturnType<typeof getApplicationEvent>>;

/** Sends the same event (same id) again from the start of the retry schedule. */
export async function replayApplicationEvent(developerId: string, appId: string, eventId: string) {
  const event = await ownedEventOrThrow(developerId, appId, eventId);
  return toEventEntry(await resetForReplay(event.id));
}

/** Publishes a TestEvent to the application's notification URL (recorded as disabled when it has none). */
export async function sendApplicationTestEvent(developerId: string, appId: string) {
  const app = await ownedApplicationOrThrow(developerId, appId);
  return sendTestEventFor(app.id, applicationPublicId(app.domain.name, app.name));
}
