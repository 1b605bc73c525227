import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { guidParam } from "@/lib/core/validation";
import { callEntrySchema, createCallSchema, updateCallSchema, updateLegSchema } from "./schemas";

export const callFilterable: Filterable = {
  status: { type: "string", column: "status" },
  startTime: { type: "datetime", column: "startTime" },
  leg: { type: "string", column: "legs.some.address" },
  "application.id": { type: "string", column: "applicationPublicId" },
  "application.domain.name": { type: "string", column: "domainName" },
  "user.guid": { type: "uuid", column: "userId" },
};

const guid = guidParam.meta({ description: "The user's GUID." });
const callId = z
  .string()
  .regex(/^\d{1,9}$/)
  .meta({ description: "The call's id (an integer)." });
const userPath = z.object({ guid });
const callPath = z.object({ guid, callId });
const legPath = z.object({
  guid,
  callId,
  legId: z
    .string()
    .regex(/^\d{1,9}$/)
    .meta({ description: "The leg's id (an integer)." }),
});

export const listCallsContract = defineContract({
  operationId: "listCalls",
  method: "GET",
  path: "/calls/{guid}",
  tag: "Calls",
  summary: "A user's call history",
  description: "Newest first. Filters: status, startTime, leg (any leg's address), application.id, application.domain.name, user.guid.",
  auth: "application",
  params: userPath,
  list: callFilterable,
  success: { status: 200, description: "A page of calls.", entry: callEntrySchema },
});

export const createCallContract = defineContract({
  operationId: "createCall",
  method: "POST",
  path: "/calls/{guid}",
  tag: "Calls",
  summary: "Place a call",
  description:
    "Dials every leg (addresses as for devices) and answers 201 once the first two have " +
    "answered. A leg that is busy (409 call_busy), does not answer (409 call_not_answered) or " +
    "fails (502 call_failed) ends the call; still ringing after CALL_CONNECT_WAIT_MS is 504 " +
    "call_pending. Each problem names the leg and carries the call's Location: the call stays " +
    "in the history. The call's first minute is debited from the user's billing account when it " +
    "is placed, each further minute as it starts, and unused minutes go back at the end; a call " +
    "whose next minute the account cannot pay ends (reason credit_exhausted). Without an " +
    "account 403 billing_required; a balance that cannot pay the first minute 409 " +
    "credit_exhausted, and no call is placed. Send an Idempotency-Key header to retry safely: " +
    "the same key and body within 24 h returns the first response.",
  auth: "application",
  idempotent: true,
  params: userPath,
  body: createCallSchema,
  example: { legs: ["tel:+1 555 010 0001", "sip:ada@example.com"], mode: "talk" },
  success: { status: 201, description: "Connected; Location names the call.", entry: callEntrySchema },
  location: "/calls/{guid}/{id}",
});

export const getCallContract = defineContract({
  operationId: "getCall",
  method: "GET",
  path: "/calls/{guid}/{callId}",
  tag: "Calls",
  summary: "Get a call",
  auth: "application",
  params: callPath,
  success: { status: 200, description: "The call and its legs.", entry: callEntrySchema },
});

export const updateCallContract = defineContract({
  operationId: "updateCall",
  method: "PUT",
  path: "/calls/{guid}/{callId}",
  tag: "Calls",
  summary: "Control a call",
  description:
    "mode hold | mute | talk | hangup for every leg, active:false hangs up, record {file, " +
    "duration, ...} / recording:false, play {media, transactionId} / playing:false, announce, " +
    'and transfer: `{"id": "<source call id>/<source leg id>"}` moves that answered leg into ' +
    "this call. A change the legs' state forbids is 409 illegal_leg_state.",
  auth: "application",
  params: callPath,
  body: updateCallSchema,
  example: { mode: "hold" },
  success: { status: 200, description: "The updated call.", entry: callEntrySchema },
});

export const updateLegContract = defineContract({
  operationId: "updateCallLeg",
  method: "PUT",
  path: "/calls/{guid}/{callId}/{legId}",
  tag: "Calls",
  summary: "Control one leg of a call",
  description: 'As for the call, for one leg; mode "hangup" drops the leg, requestDtmf {maxDigits, timeOut} collects digits (DtmfReceived).',
  auth: "application",
  params: legPath,
  body: updateLegSchema,
  example: { mode: "mute" },
  success: { status: 200, description: "The updated call.", entry: callEntrySchema },
});
