import { z } from "zod";
import { appIdParam } from "@/lib/applications/contracts";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";

// The delivery log of an application, for that application only (two-legged).

export const eventFilterable: Filterable = {
  type: { type: "string", column: "type" },
  status: { type: "string", column: "status" },
  createdOn: { type: "datetime", column: "createdAt" },
};

const delivery = z.object({
  time: z.iso.datetime(),
  url: z.string(),
  statusCode: z.number().int().optional(),
  latencyMs: z.number().int(),
  responseExcerpt: z.string().optional(),
  error: z.string().optional(),
});

export const EVENT_STATUSES = ["pending", "delivered", "failed", "disabled"] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const isEventStatus = (value: unknown): value is EventStatus => EVENT_STATUSES.includes(value as EventStatus);

export const eventEntrySchema = z
  .object({
    id: z.string(),
    type: z.string(),
    status: z.enum(EVENT_STATUSES),
    attempts: z.number().int(),
    created: z.iso.datetime(),
    nextAttempt: z.iso.datetime().optional(),
    delivered: z.iso.datetime().optional(),
    payload: z.unknown().meta({ description: "The event as delivered: {id, type, time, resource, params}." }),
    deliveries: z.array(delivery).optional(),
  })
  .meta({ id: "Event" });
export type EventEntry = z.infer<typeof eventEntrySchema>;

const appPath = z.object({ appId: appIdParam });
const eventPath = z.object({ appId: appIdParam, eventId: z.string().regex(/^evt_[\w-]{1,64}$/, "must be an event id (evt_...)") });
const ownOnly = "Only the application itself, two-legged.";

export const listEventsContract = defineContract({
  operationId: "listEvents",
  method: "GET",
  path: "/apps/{appId}/events",
  tag: "Events",
  summary: "List an application's events and their delivery status",
  description: `${ownOnly} Newest first.`,
  auth: "application",
  params: appPath,
  list: eventFilterable,
  success: { status: 200, description: "A page of events.", entry: eventEntrySchema },
});

export const getEventContract = defineContract({
  operationId: "getEvent",
  method: "GET",
  path: "/apps/{appId}/events/{eventId}",
  tag: "Events",
  summary: "Get an event with every delivery attempt",
  description: ownOnly,
  auth: "application",
  params: eventPath,
  success: { status: 200, description: "The event and its attempts.", entry: eventEntrySchema },
});

export const replayEventContract = defineContract({
  operationId: "replayEvent",
  method: "POST",
  path: "/apps/{appId}/events/{eventId}/replay",
  tag: "Events",
  summary: "Deliver an event again",
  description: `${ownOnly} The same event (same id) starts the retry schedule again.`,
  auth: "application",
  params: eventPath,
  success: { status: 202, description: "Accepted: delivery starts now.", entry: eventEntrySchema },
});

export const sendTestEventContract = defineContract({
  operationId: "sendTestEvent",
  method: "POST",
  path: "/apps/{appId}/events/test",
  tag: "Events",
  summary: "Send a test event to the notification URL",
  description: ownOnly,
  auth: "application",
  params: appPath,
  success: { status: 201, description: "Created; Location names the event.", entry: eventEntrySchema },
  location: "/apps/{appId}/events/{id}",
});

export const receivedDeliveryEntrySchema = z
  .object({
    id: z.string(),
    received: z.iso.datetime(),
    eventId: z.string().meta({ description: "The webhook-id header: the event's id." }),
    type: z.string(),
    signatureValid: z.boolean(),
    verification: z.string().meta({ description: '"signature valid", or why the receiver refused it.' }),
    headers: z.record(z.string(), z.string()).meta({ description: "The delivery's headers as they arrived." }),
    body: z.string().meta({ description: "The raw body: Json=<the event, URL-encoded>." }),
    event: z.unknown().meta({ description: "The event decoded from the body: {id, type, time, resource, params}." }),
  })
  .meta({ id: "ReceivedDelivery" });
export type ReceivedDeliveryEntry = z.infer<typeof receivedDeliveryEntrySchema>;

export const receiverEntrySchema = z
  .object({
    watchingUntil: z.iso.datetime().meta({ description: "Deliveries are copied to the built-in receiver until then; each look renews it." }),
    deliveries: z.array(receivedDeliveryEntrySchema),
  })
  .meta({ id: "Receiver" });
export type ReceiverEntry = z.infer<typeof receiverEntrySchema>;

export const watchReceiverContract = defineContract({
  operationId: "watchReceiver",
  method: "GET",
  path: "/apps/{appId}/receiver",
  tag: "Events",
  summary: "Watch deliveries at the application's built-in receiver",
  description:
    `${ownOnly} Every application has a receiver inside the service: while it is watched (for ` +
    `ten minutes after each call of this operation), every delivery is also sent there by the ` +
    `same sender and signer, and it records the headers and its signature check. Newest first, ` +
    `at most 50; \`since\` (a previous delivery's \`received\`) returns only newer ones. ` +
    `docs/webhooks.md, "Watching deliveries".`,
  auth: "application",
  params: appPath,
  query: z.object({ since: z.iso.datetime().optional() }),
  success: { status: 200, description: "What the receiver got, and until when it is watched.", entry: receiverEntrySchema },
});
