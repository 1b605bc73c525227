import { listMessagesContract } from "@/lib/messages/contracts";
import { listMessages } from "@/lib/messages/list-messages";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listMessagesContract, async (ctx, { params, query }) => listMessages(ctx.actor, params.guid, undefined, query)),
);
