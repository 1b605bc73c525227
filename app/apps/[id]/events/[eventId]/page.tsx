import type { Metadata } from "next";
import { getEvent } from "@/lib/events/events";
import { getApplicationWebhook } from "@/lib/events/webhook-status";
import { developerActor } from "@/lib/core/tenancy/actor";
import { requireDeveloper } from "@/lib/portal/session";
import { replayEventAction } from "../actions";
import { EventDetailView } from "./event-detail-view";
import { orNotFound } from "@/lib/portal/or-not-found";

export const metadata: Metadata = { title: "Event" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string; eventId: string }> };

export default async function EventPage({ params }: Props) {
  const { id, eventId: rawEventId } = await params;
  let eventId = rawEventId;
  try {
    eventId = decodeURIComponent(rawEventId);
  } catch {
    // not percent-encoded: use as is
  }
  const developer = await requireDeveloper(`/apps/${id}/events/${encodeURIComponent(eventId)}`);
  const actor = developerActor(developer.id);
  const webhook = await orNotFound(() => getApplicationWebhook(actor, id));
  const event = await orNotFound(() => getEvent(actor, webhook.internalId, eventId));
  return (
    <EventDetailView
      appId={webhook.internalId}
      appName={webhook.displayName}
      notificationUrl={webhook.notificationUrl}
      endpointDisabled={Boolean(webhook.disabledAt)}
      initial={event}
      replayAction={replayEventAction.bind(null, webhook.internalId, event.id)}
    />
  );
}
