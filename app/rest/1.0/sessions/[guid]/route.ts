import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { listSessionsContract } from "@/lib/sessions/contracts";
import { listSessions } from "@/lib/sessions/list-sessions";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listSessionsContract, async (ctx, { params, query }) => listSessions(ctx.actor, params.guid, query)),
);
