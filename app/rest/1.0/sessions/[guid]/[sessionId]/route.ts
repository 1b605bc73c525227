import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { revokeSessionContract } from "@/lib/sessions/contracts";
import { revokeSession } from "@/lib/sessions/revoke-session";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(revokeSessionContract, async (ctx, { params }) => revokeSession(ctx.actor, params.guid, params.sessionId)),
);
