import { listMessagesContract } from "@/lib/messages/contracts";
import { listMessages } from "@/lib/messages/list-messages";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(listMessagesContract, async (ctx, { params, query }) => listMessages(ctx.actor, params.guid, undefined, query)),
);
