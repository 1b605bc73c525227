import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { guidParam, isGuid } from "@/lib/core/validation";
import { folderName, messageEntrySchema, sendSmsSchema, updateMessageSchema } from "./schemas";

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
const messageId = z
  .string()
  .refine(isGuid)
  .transform((v) => v.toLowerCase())
  .meta({ description: "The message id." });
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
    "From an SMS number the user holds (allocated with @sms/<country>; sender is the device id " +
    "service:<digits> it answered, or tel:<number>) to up to 10 recipients. The user's billing " +
    "account pays one SMS per recipient up front (403 billing_required, 409 credit_exhausted: " +
    "nothing is sent). The message is stored in sent; each recipient's status goes SENT -> " +
    "DELIVERED or FAILED as the SMS engine reports. The simulator's test numbers end in 0002 " +
    "(fails), 0003 (never reports) and 0004 (refused at once): docs/messages.md. An " +
    "Idempotency-Key makes a retry replay the first answer instead of sending again.",
  auth: "application",
  params: z.object({ guid }),
  body: sendSmsSchema,
  idempotent: true,
  example: { recipients: ["tel:+447700900123"], body: "Hello from the platform", sender: "service:447700900001", title: "Greeting" },
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
  description:
    '`{"new": false}` marks it read, `{"urgent": true}` urgent, `{"folder": "work"}` moves it ' +
    '(a new folder name makes the folder), `{"label": "family"}` labels it. Accepts the ' +
    "message's own GET representation.",
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
    "Moves the message to deleted (GET it there); a DELETE in deleted removes it for good, with " +
    "its audio and transcripts. Each step publishes MessageDeleted (guid, id, callId, senderId, " +
    "title, body, and purged: false for the move, true for the removal).",
  auth: "application",
  params: messagePath,
  success: { status: 204, description: "Moved to deleted, or removed for good." },
});
