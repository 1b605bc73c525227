import { simulateInboundAudioContract } from "@/lib/messages/contracts";
import { receiveAudioMessage } from "@/lib/messages/receive-audio-message";
import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(simulateInboundAudioContract, async (ctx, { body }) => receiveAudioMessage(ctx.actor, body)),
);
