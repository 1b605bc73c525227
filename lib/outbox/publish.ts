import { randomBytes } from "node:crypto";
import type { Application } from "@prisma/client";
import { after } from "next/server";
import { prisma, type Tx } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { restUrl } from "@/lib/core/urls";
import type { NewEvent } from "./new-event";
import { inOriginalNames } from "./original-names";
import { isWatched } from "./built-in-receiver";

export interface EventPayload {
  id: string;
  type: string;
  time: string;
  resource: string;
  params: Record<string, unknown>;
}

export const newEventId = () => `evt_${Date.now().toString(36)}${randomBytes(10).toString("base64url")}`;

type WebhookSettings = Pick<Application, "notificationUrl" | "webhookDisabledAt" | "eventNames" | "receiverWatchedUntil">;

/** Each open transaction's reading of the applications it published for: a call's answer publishes three events. */
const settingsInTx = new WeakMap<Tx, Map<string, Promise<WebhookSettings>>>();

/** The application's webhook settings, read once per transaction (a change committed meanwhile is a race either way). */
function webhookSettings(tx: Tx, applicationId: string): Promise<WebhookSettings> {
  const read = async () =>
    tx.application.findUniqueOrThrow({
      where: { id: applicationId },
      select: { notificationUrl: true, webhookDisabledAt: true, eventNames: true, receiverWatchedUntil: true },
    });
  if (tx === prisma) return read(); // the client itself, not a transaction: nothing to share
  const known = settingsInTx.get(tx) ?? settingsInTx.set(tx, new Map()).get(tx)!;
  let settings = known.get(applicationId);
  if (!settings) {
    settings = read();
    known.set(applicationId, settings);
    settings.catch(() => known.delete(applicationId));
  }
  return settings;
}

/**
 * Writes the event to the outbox inside the caller's transaction: it exists if and only if the
 * change that caused it commits. Delivery happens later (kickDelivery, and the scheduler). It is
 * written as the application names events (eventNames), so the log, every retry and every replay
 * show and send exactly what was written.
 */
export async function publishEvent(tx: Tx, event: NewEvent): Promise<EventPayload> {
  const app = await webhookSettings(tx, event.applicationId);
  const resource = restUrl(event.resourcePath);
  const { type, params } = app.eventNames === "original" ? inOriginalNames(event, resource) : event;
  const payload: EventPayload = { id: newEventId(), type, time: new Date().toISOString(), resource, params };
  await tx.event.create({
    data: {
      id: payload.id,
      applicationId: event.applicationId,
      type,
      payload: payload as object,
      // Kept, visible and replayable even when there is nowhere to send it yet; while watched, the
      // built-in receiver is somewhere (docs/webhooks.md).
      status: (app.notificationUrl && !app.webhookDisabledAt) || isWatched(app) ? "pending" : "disabled",
    },
  });
  return payload;
}

/** After the response is sent, deliver what is due now instead of waiting for the next tick. */
export function kickDelivery(): void {
  const run = async () => {
    const { runDeliveryBatch } = await import("./deliver");
    await runDeliveryBatch().catch((error) => log.error("delivery kick failed", { error: String(error) }));
  };
  try {
    after(run);
  } catch {
    void run(); // outside a request (scripts): run now
  }
}
