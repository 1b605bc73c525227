import { operation } from "@/lib/http/operation/operation";
import { restRoute } from "@/lib/http/operation/route";
import { advanceClock } from "@/lib/simulator/advance-clock";
import { advanceSimulatorClockContract } from "@/lib/simulator/contracts";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(advanceSimulatorClockContract, async (ctx, { body }) => advanceClock(ctx.actor, body.advanceSeconds)),
);
