import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";
import { listSessionsContract } from "@/lib/sessions/contracts";
import { listSessions } from "@/lib/sessions/list-sessions";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listSessionsContract, async (ctx, { params, query }) => listSessions(ctx.actor, params.guid, query)),
);
