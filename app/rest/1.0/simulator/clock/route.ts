import { operation } from "@/lib/rest/operation";
import { restRoute } from "@/lib/rest/route";
import { advanceClock } from "@/lib/telephony/advance-clock";
import { advanceSimulatorClockContract } from "@/lib/telephony/contracts";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(advanceSimulatorClockContract, async (_ctx, { body }) => advanceClock(body.advanceSeconds)),
);
