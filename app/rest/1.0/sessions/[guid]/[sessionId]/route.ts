import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";
import { revokeSessionContract } from "@/lib/sessions/contracts";
import { revokeSession } from "@/lib/sessions/revoke-session";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(revokeSessionContract, async (ctx, { params }) => revokeSession(ctx.actor, params.guid, params.sessionId)),
);
