import { z } from "zod";
import { defineContract } from "@/lib/rest/contract";
import type { Filterable } from "@/lib/rest/list-query";
import { guidParam, isGuid } from "@/lib/validation";
import { folderName, inboundAudioSchema, inboundSmsSchema, messageEntrySchema, sendSmsSchema, updateMessageSchema } from "./schemas";

export const messageFilterable: Filterable = {
  type: { type: "string", column: "type" },
  status: { type: "string", column: "status" },
  from: { type: "string", column: "fromAddress", nullable: true },
  time: { type: "datetime", column: "time" },
  folder: { type: "string", column: "folder" },
  label: { type: "string", column: "label", nullable: true },
};

const guid = guidParam.meta({ description: "The user's GUID." });
const folder = z.string().min(1).max(40).pipe(folderName).meta({ description: "inbox, sent, deleted, or a folder of the user's own." });
const messageId = z.string().refine(isGuid).transform((v) => v.toLowerCase()).meta({ description: "The message id." });
const messagePath = z.object({ guid, messageFolder: folder, messageId });

const OWNER = "The user's own token (another user of the domain gets 404), or its application two-legged.";

export const listMessagesContract = defineContract({
  operationId: "listMessages",
  method: "GET",
  path: "/messages/{guid}",
  tag: "Messages",
  summary: "List all of a user's messages",
  description: `Every folder, newest first. Filter by type, status, from, time, folder or label. ${OWNER}`,
  auth: "application",
  params: z.object({ guid }),
  list: messageFilterable,
  success: { status: 200, description: "A page of messages.", entry: messageEntrySchema },
});

export const listFolderContract = defineContract({
  operationId: "listFolderMessages",
  method: "GET",
  path: "/messages/{guid}/{messageFolder}",
  tag: "Messages",
  summary: "List the messages of a folder",
  description: `inbox, sent, deleted or a folder the user made by moving a message into it; newest first. ${OWNER}`,
  auth: "application",
  params: z.object({ guid, messageFolder: folder }),
  list: messageFilterable,
  success: { status: 200, description: "A page of messages.", entry: messageEntrySchema },
});

export const sendSmsContract = defineContract({
  operationId: "sendSms",
  method: "POST",
  path: "/messages/{guid}/outbox",
  tag: "Messages",
  summary: "Send an SMS",
  description:
    "From an SMS number the user holds (allocated with @sms/<country>) to up to 10 recipients. The user's billing account pays one SMS per recipient up front (403 billing_required, 409 credit_exhausted: nothing is sent). The message is stored in sent; each recipient's status goes SENT -> DELIVERED or FAILED as the SMS engine reports. The simulator's test numbers end in 0002 (fails), 0003 (never reports) and 0004 (refused at once): docs/messages.md. An Idempotency-Key makes a retry replay the first answer instead of sending again.",
  auth: "application",
  params: z.object({ guid }),
  body: sendSmsSchema,
  idempotent: true,
  example: { recipients: ["tel:+447700900123"], body: "Hello from the platform", sender: "tel:+447700900001", title: "Greeting" },
  success: { status: 201, description: "Sent; Location names the message in sent.", entry: messageEntrySchema },
  location: "/messages/{guid}/{folder}/{id}",
});

export const getMessageContract = defineContract({
  operationId: "getMessage",
  method: "GET",
  path: "/messages/{guid}/{messageFolder}/{messageId}",
  tag: "Messages",
  summary: "Get a message",
  description: `The message answers at the folder it is in. ${OWNER}`,
  auth: "application",
  params: messagePath,
  success: { status: 200, description: "The message.", entry: messageEntrySchema },
});

export const updateMessageContract = defineContract({
  operationId: "updateMessage",
  method: "PUT",
  path: "/messages/{guid}/{messageFolder}/{messageId}",
  tag: "Messages",
  summary: "Mark read, urgent, label or move a message",
  description: '`{"new": false}` marks it read, `{"urgent": true}` urgent, `{"folder": "work"}` moves it (a new folder name makes the folder), `{"label": "family"}` labels it. Accepts the message\'s own GET representation.',
  auth: "application",
  params: messagePath,
  body: updateMessageSchema,
  example: { new: false },
  success: { status: 200, description: "The changed message.", entry: messageEntrySchema },
});

export const deleteMessageContract = defineContract({
  operationId: "deleteMessage",
  method: "DELETE",
  path: "/messages/{guid}/{messageFolder}/{messageId}",
  tag: "Messages",
  summary: "Delete a message",
  description:
    "Moves the message to deleted and answers it there; a DELETE in deleted removes it for good, with its audio and transcripts, answers what it was and publishes MessageDeleted (guid, callId, senderId, title, body).",
  auth: "application",
  params: messagePath,
  success: { status: 200, description: "The message, now in deleted, or removed.", entry: messageEntrySchema },
});

export const simulateInboundSmsContract = defineContract({
  operationId: "simulateInboundSms",
  method: "POST",
  path: "/simulator/inbound-sms",
  tag: "Simulator",
  summary: "Simulate an inbound SMS",
  description:
    "Only while TELEPHONY_ENGINE=simulator. The telephony simulator's network: a text from `from` to `to`, an SMS number a user of the application's domain holds, lands in that user's inbox with a NewSms event. Two-legged (the application) only.",
  auth: "application",
  body: inboundSmsSchema,
  example: { from: "tel:+447700900555", to: "tel:+447700900001", body: "Hello!" },
  success: { status: 201, description: "Received; Location names the message in the user's inbox.", entry: messageEntrySchema },
  location: "/messages/{guid}/{folder}/{id}",
});

export const simulateInboundAudioContract = defineContract({
  operationId: "simulateInboundAudioMessage",
  method: "POST",
  path: "/simulator/inbound-audio-message",
  tag: "Simulator",
  summary: "Simulate an inbound audio message",
  description:
    "Only while TELEPHONY_ENGINE=simulator. The telephony simulator's network: `seconds` of audio (a WAV tone) from `from` to `to`, a purpose number a user of the application's domain holds, stored owner-only at /media/<domain>/call:<id>/<id>.wav; the message lands in the user's inbox as an InboundAudioMessage (NewAudioMessage event) and is transcribed if the user transcribes its inbox. Two-legged (the application) only.",
  auth: "application",
  body: inboundAudioSchema,
  example: { from: "tel:+447700900555", to: "tel:+447700900001", seconds: 3 },
  success: { status: 201, description: "Received; Location names the message in the user's inbox.", entry: messageEntrySchema },
  location: "/messages/{guid}/{folder}/{id}",
});
