import { simulateInboundSmsContract } from "@/lib/messages/contracts";
import { receiveSms } from "@/lib/messages/receive-sms";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(simulateInboundSmsContract, async (ctx, { body }) => receiveSms(ctx.actor, body)),
);
