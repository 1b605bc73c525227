import { getOwnApplicationOrThrow } from "@/lib/applications/get-application";
import { toApplicationEntry } from "@/lib/applications/transform";
import type { Actor } from "@/lib/core/tenancy/actor";
import { isWatched } from "@/lib/outbox/built-in-receiver";
import { eventLogQuery, listEvents, listEventTypes, type EventLogFilters } from "./events";

// What only the portal shows beside the delivery log: where events go and whether delivery stopped.

/** The application's endpoint: its notification URL, whether it answered 410 Gone, the secret overlap. */
export async function getApplicationWebhook(actor: Actor, appId: string) {
  const app = await getOwnApplicationOrThrow(actor, appId);
  const previousUntil = app.previousWebhookSecretEnc && app.previousWebhookSecretUntil;
  const { id, displayName } = toApplicationEntry(app);
  return {
    internalId: app.id,
    id,
    displayName,
    notificationUrl: app.notificationUrl ?? undefined,
    /** Set when the endpoint answered 410 Gone; cleared when the URL changes. */
    disabledAt: app.webhookDisabledAt?.toISOString(),
    /** Until when the secret before the last rotation still signs deliveries, if it still does. */
    previousSecretUntil: previousUntil && previousUntil > new Date() ? previousUntil.toISOString() : undefined,
    /** Deliveries are copied to the built-in receiver (someone watches them). */
    watched: isWatched(app),
  };
}

export type ApplicationWebhook = Awaited<ReturnType<typeof getApplicationWebhook>>;

/** The events page's data, polled live: a page of events, the types for the filter, and whether the endpoint answered 410. */
export async function getEventLog(actor: Actor, appId: string, filters: EventLogFilters) {
  const page = await listEvents(actor, appId, eventLogQuery(filters));
  const types = await listEventTypes(actor, appId);
  const { disabledAt } = await getApplicationWebhook(actor, appId);
  return { startIndex: page.startIndex, totalResults: page.totalResults, entry: page.entry, types, endpointDisabledAt: disabledAt };
}

export type EventLog = Awaited<ReturnType<typeof getEventLog>>;
export type EventLogEntry = EventLog["entry"][number];
