import { simulateInboundAudioContract } from "@/lib/simulator/contracts";
import { receiveAudioMessage } from "@/lib/simulator/receive-audio-message";
import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(simulateInboundAudioContract, async (ctx, { body }) => receiveAudioMessage(ctx.actor, body)),
);
