import { deleteMessageContract, getMessageContract, updateMessageContract } from "@/lib/messages/contracts";
import { deleteMessage } from "@/lib/messages/delete-message";
import { getMessage } from "@/lib/messages/get-message";
import { updateMessage } from "@/lib/messages/update-message";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(getMessageContract, async (ctx, { params }) => getMessage(ctx.actor, params.guid, params.messageFolder, params.messageId)),
  operation(updateMessageContract, async (ctx, { params, body }) =>
    updateMessage(ctx.actor, params.guid, params.messageFolder, params.messageId, body),
  ),
  operation(deleteMessageContract, async (ctx, { params }) => deleteMessage(ctx.actor, params.guid, params.messageFolder, params.messageId)),
);
