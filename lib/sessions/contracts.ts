import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import type { Filterable } from "@/lib/http/rest/list-query";
import { guid, guidParam } from "@/lib/core/validation";

// A user's login sessions: the access tokens issued by POST /login or the three-legged flow.
// (The spec's /tokens are guest-call capability tokens, a separate resource.)

export const sessionEntrySchema = z
  .object({
    id: guid,
    application: z.string().meta({ description: "<domain>:<application name> holding the session." }),
    scope: z.enum(["read-write", "read-only"]),
    createdWith: z.enum(["xauth", "oauth"]).meta({ description: "xauth: POST /login; oauth: the three-legged flow." }),
    created: z.iso.datetime(),
    lastUsed: z.iso.datetime().optional(),
  })
  .meta({ id: "Session" });
export type SessionEntry = z.infer<typeof sessionEntrySchema>;

const sessionFilterable: Filterable = {
  scope: { type: "string", column: "scope" },
  createdWith: { type: "string", column: "createdWith" },
  created: { type: "datetime", column: "createdAt" },
};

const userPath = z.object({ guid: guidParam.meta({ description: "The user's GUID." }) });

export const listSessionsContract = defineContract({
  operationId: "listSessions",
  method: "GET",
  path: "/sessions/{guid}",
  tag: "Sessions",
  summary: "List a user's live login sessions",
  description: "The user itself sees all of its sessions; the application (two-legged) those it holds for users of its domain. Never a secret.",
  auth: "application",
  params: userPath,
  list: sessionFilterable,
  success: { status: 200, description: "A page of sessions.", entry: sessionEntrySchema },
});

export const revokeSessionContract = defineContract({
  operationId: "revokeSession",
  method: "DELETE",
  path: "/sessions/{guid}/{sessionId}",
  tag: "Sessions",
  summary: "End a login session",
  description: "Requests signed with its token are refused (401 token_revoked) from now on.",
  auth: "application",
  params: z.object({ guid: guidParam, sessionId: guidParam.meta({ description: "The session id from the list." }) }),
  success: { status: 204, description: "Ended." },
});
