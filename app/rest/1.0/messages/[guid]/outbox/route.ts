import { sendSmsContract } from "@/lib/messages/contracts";
import { sendSms } from "@/lib/messages/send-sms";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(sendSmsContract, async (ctx, { params, body }) => sendSms(ctx.actor, params.guid, body)),
);
