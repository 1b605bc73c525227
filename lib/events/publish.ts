import { randomBytes } from "node:crypto";
import { after } from "next/server";
import type { Tx } from "@/lib/db/client";
import { log } from "@/lib/log";
import { restUrl } from "@/lib/rest/responses";

export interface NewEvent {
  applicationId: string;
  /** e.g. "CallInitiated", "newvoicemail", "TestEvent" */
  type: string;
  /** Path of the resource under /rest/1.0, e.g. "/calls/<guid>/<id>"; sent as an absolute URI. */
  resourcePath: string;
  params: Record<string, unknown>;
}

export interface EventPayload {
  id: string;
  type: string;
  time: string;
  resource: string;
  params: Record<string, unknown>;
}

export const newEventId = () => `evt_${Date.now().toString(36)}${randomBytes(10).toString("base64url")}`;

/**
 * Writes the event to the outbox inside the caller's transaction: it exists if and only if the
 * change that caused it commits. Delivery happens later (kickDelivery, and the scheduler).
 */
export async function publishEvent(tx: Tx, event: NewEvent): Promise<EventPayload> {
  const app = await tx.application.findUniqueOrThrow({
    where: { id: event.applicationId },
    select: { notificationUrl: true, webhookDisabledAt: true },
  });
  const payload: EventPayload = {
    id: newEventId(),
    type: event.type,
    time: new Date().toISOString(),
    resource: restUrl(event.resourcePath),
    params: event.params,
  };
  await tx.event.create({
    data: {
      id: payload.id,
      applicationId: event.applicationId,
      type: event.type,
      payload: payload as object,
      // Kept, visible and replayable even when there is nowhere to send it yet.
      status: app.notificationUrl && !app.webhookDisabledAt ? "pending" : "disabled",
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
