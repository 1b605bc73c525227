import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { simulateInboundCallContract } from "@/lib/simulator/contracts";
import { simulateInboundCall } from "@/lib/simulator/simulate-inbound-call";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(simulateInboundCallContract, async (ctx, { body }) => simulateInboundCall(ctx.actor, body)),
);
