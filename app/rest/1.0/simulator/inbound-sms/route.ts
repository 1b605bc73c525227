import { simulateInboundSmsContract } from "@/lib/simulator/contracts";
import { receiveSms } from "@/lib/simulator/receive-sms";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(simulateInboundSmsContract, async (ctx, { body }) => receiveSms(ctx.actor, body)),
);
