import { z } from "zod";
import { callEntrySchema } from "@/lib/calls/schemas";
import { defineContract } from "@/lib/rest/contract";

export const simulatorClockSchema = z
  .object({
    now: z.iso.datetime().meta({ description: "The simulator's clock after the move." }),
    offsetSeconds: z.number().meta({ description: "How far the simulator's clock runs ahead of real time." }),
    fired: z.number().int().meta({ description: "Engine events that became due and fired." }),
  })
  .meta({ id: "SimulatorClock" });

export const advanceClockSchema = z
  .strictObject({ advanceSeconds: z.number().int().min(1, "is at least 1").max(86_400, "is at most 86400 (a day)") })
  .meta({ id: "AdvanceSimulatorClock" });

export const inboundCallSchema = z
  .strictObject({
    from: z.string().trim().min(1, "is required").max(300).meta({ description: "The caller's address (tel:+1 555 010 9999)." }),
    to: z.string().trim().min(1, "is required").max(300).meta({ description: "A purpose number held by a user of the application's domain (service:<digits> or its digits)." }),
  })
  .meta({ id: "SimulatedInboundCall" });

export const advanceSimulatorClockContract = defineContract({
  operationId: "advanceSimulatorClock",
  method: "POST",
  path: "/simulator/clock",
  tag: "Simulator",
  summary: "Move the telephony simulator's clock forward",
  description:
    "Only while TELEPHONY_ENGINE=simulator (404 otherwise). Everything that becomes due fires in order (answers, hang-ups, DTMF, play and record completions), so tests and demos never wait real minutes. The clock is shared by the whole server.",
  auth: "application",
  body: advanceClockSchema,
  example: { advanceSeconds: 1 },
  success: { status: 200, description: "The clock after the move.", entry: simulatorClockSchema },
});

export const simulateInboundCallContract = defineContract({
  operationId: "simulateInboundCall",
  method: "POST",
  path: "/simulator/inbound-call",
  tag: "Simulator",
  summary: "Simulate a call arriving at a purpose number",
  description:
    "Only while TELEPHONY_ENGINE=simulator. `to` must be a purpose number held by a user of the application's domain (404 otherwise). The call (outbound: false) rings the user for 20 simulated seconds; nobody answers, and the platform's not-answered handling runs.",
  auth: "application",
  body: inboundCallSchema,
  example: { from: "tel:+1 555 010 9999", to: "service:15550100123" },
  success: { status: 201, description: "The inbound call; Location names it.", entry: callEntrySchema },
  location: "/calls/{user}/{id}",
});
