import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { guidParam } from "@/lib/core/validation";
import { findGuestCall } from "./find-guest-call";
import { usableGuestToken } from "./guest-auth";
import { createTokenSchema, guestCallEntrySchema, guestCallSchema, tokenEntrySchema } from "./schemas";

export const tokenFilterable: Filterable = {
  id: { type: "uuid", column: "id" },
  callee: { type: "string", column: "callee" },
  caller: { type: "string", column: "caller", nullable: true },
  description: { type: "string", column: "description", nullable: true },
  startDate: { type: "datetime", column: "startDate" },
  endDate: { type: "datetime", column: "endDate" },
  revokedOn: { type: "datetime", column: "revokedAt", nullable: true },
  createdOn: { type: "datetime", column: "createdAt" },
};

const tag = "Tokens";
const guid = guidParam.meta({ description: "The user's GUID." });
const tokenPath = z.object({
  guid,
  tokenId: z.string().min(1).max(100).meta({ description: "The token's id (from its Location), not its secret." }),
});

export const createTokenContract = defineContract({
  operationId: "createToken",
  method: "POST",
  path: "/tokens",
  tag,
  summary: "Create a guest-call token",
  description:
    "A capability token that lets an anonymous web visitor call `callee` (POST /tokens/call " +
    "with `Authorization: Bearer <token>`) between startDate and endDate, at most maxConcurrent " +
    "calls at once. With a user's access token, callee must be one of that user's devices; " +
    "two-legged, the token belongs to the user of the domain whose device callee is. The secret " +
    "(`token`, gt_...) is in this reply only.",
  auth: "application",
  body: createTokenSchema,
  example: {
    type: "uphone",
    callee: "tel:+44 20 7946 0123",
    caller: "Website visitor",
    description: "Call us from the pricing page",
    maxConcurrent: 2,
  },
  success: { status: 201, description: "Created; Location names the token. Keep `token`: it is not shown again.", entry: tokenEntrySchema },
  location: "/tokens/{guid}/{id}",
});

export const listTokensContract = defineContract({
  operationId: "listTokens",
  method: "GET",
  path: "/tokens/{guid}",
  tag,
  summary: "List a user's guest-call tokens",
  description: "Newest first, revoked and expired ones included (status tells which). Never the secrets.",
  auth: "application",
  params: z.object({ guid }),
  list: tokenFilterable,
  success: { status: 200, description: "A page of tokens.", entry: tokenEntrySchema },
});

export const getTokenContract = defineContract({
  operationId: "getToken",
  method: "GET",
  path: "/tokens/{guid}/{tokenId}",
  tag,
  summary: "Get a guest-call token",
  auth: "application",
  params: tokenPath,
  success: { status: 200, description: "The token.", entry: tokenEntrySchema },
});

export const deleteTokenContract = defineContract({
  operationId: "deleteToken",
  method: "DELETE",
  path: "/tokens/{guid}/{tokenId}",
  tag,
  summary: "Revoke a guest-call token",
  description:
    "Refuses every later guest call with it (401); calls already going on continue. The token " +
    "stays readable with status revoked, so the calls it placed still name it; revoking again " +
    "answers the same.",
  auth: "application",
  params: tokenPath,
  success: { status: 204, description: "Revoked (GET shows it with status revoked)." },
});

const guestCallPath = z.object({
  guestCallId: z.string().min(1).max(100).meta({ description: "The guest call's id, from the Location of POST /tokens/call." }),
});

export const createGuestCallContract = defineContract({
  operationId: "createGuestCall",
  method: "POST",
  path: "/tokens/call",
  tag,
  summary: "Call as a guest, with a guest-call token",
  description:
    "For an anonymous web visitor: no OAuth, the token's secret is the credential " +
    "(`Authorization: Bearer gt_...`). Calls the token's callee; the call is the user's (its " +
    "history names the guest as caller id). 201 once connected, like POST /calls/{guid}; busy, " +
    "no answer and failure answer its problems. 401 guest_token_refused for an unknown, " +
    "revoked, not yet valid or expired token; 409 guest_calls_exhausted while maxConcurrent " +
    "calls with it are going on.",
  auth: "guest-token",
  credential: { verify: usableGuestToken },
  body: guestCallSchema,
  example: { caller: "Ada (website)" },
  success: { status: 201, description: "Connected; Location is the guest's view of the call.", entry: guestCallEntrySchema },
  location: "/tokens/call/{id}",
});

export const getGuestCallContract = defineContract({
  operationId: "getGuestCall",
  method: "GET",
  path: "/tokens/call/{guestCallId}",
  tag,
  summary: "Follow a guest call",
  description:
    "No OAuth: the guest call's id (only its visitor got it) is the credential, like a signed media link. Shows the call's state, never the user.",
  auth: "capability",
  credential: { param: "guestCallId", verify: findGuestCall },
  params: guestCallPath,
  success: { status: 200, description: "The guest call.", entry: guestCallEntrySchema },
});

export const deleteGuestCallContract = defineContract({
  operationId: "deleteGuestCall",
  method: "DELETE",
  path: "/tokens/call/{guestCallId}",
  tag,
  summary: "Hang up a guest call",
  description: "The visitor ends its own call (an ended call stays as it is) and frees its slot of the token's maxConcurrent.",
  auth: "capability",
  credential: { param: "guestCallId", verify: findGuestCall },
  params: guestCallPath,
  success: { status: 200, description: "The call, ended.", entry: guestCallEntrySchema },
});
