import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";
import { simulateInboundCallContract } from "@/lib/telephony/contracts";
import { simulateInboundCall } from "@/lib/telephony/simulate-inbound-call";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(simulateInboundCallContract, async (ctx, { body }) => simulateInboundCall(ctx.actor, body)),
);
