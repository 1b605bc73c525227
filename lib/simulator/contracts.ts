import { z } from "zod";
import { callEntrySchema } from "@/lib/calls/schemas";
import { defineContract } from "@/lib/http/rest/contract";
import { inboundAudioSchema, inboundSmsSchema, messageEntrySchema } from "@/lib/messages/schemas";

export const simulatorClockSchema = z
  .object({
    now: z.iso.datetime().meta({ description: "The domain's simulated clock after the move." }),
    offsetSeconds: z.number().meta({ description: "How far the domain's simulated clock runs ahead of real time." }),
    fired: z.number().int().meta({ description: "Engine events of the domain's calls that became due and fired." }),
  })
  .meta({ id: "SimulatorClock" });

export const advanceClockSchema = z
  .strictObject({ advanceSeconds: z.number().int().min(1, "is at least 1").max(86_400, "is at most 86400 (a day)") })
  .meta({ id: "AdvanceSimulatorClock" });

export const inboundCallSchema = z
  .strictObject({
    from: z.string().trim().min(1, "is required").max(300).meta({ description: "The caller's address (tel:+1 555 010 9999)." }),
    to: z
      .string()
      .trim()
      .min(1, "is required")
      .max(300)
      .meta({ description: "A purpose number held by a user of the application's domain (service:<digits> or its digits)." }),
  })
  .meta({ id: "SimulatedInboundCall" });

export const advanceSimulatorClockContract = defineContract({
  operationId: "advanceSimulatorClock",
  method: "POST",
  path: "/simulator/clock",
  tag: "Simulator",
  summary: "Move the telephony simulator's clock of the application's domain forward",
  description:
    "Only while TELEPHONY_ENGINE=simulator (404 otherwise). Each domain has its own simulated " +
    "clock: this moves the application's domain's, and only its calls see the time pass. " +
    "Everything of them that becomes due fires in order (answers, hang-ups, DTMF, play and " +
    "record completions, each connected minute's charge), so tests and demos never wait real " +
    "minutes. Only for an application its developer marked as a test tool (testTool), signed " +
    "two-legged: a user's token or another application is 403. The developer can also move it " +
    "on a user's Calls page in the portal.",
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
    "Only while TELEPHONY_ENGINE=simulator. `to` must be a purpose number held by a user of the " +
    "application's domain (404 otherwise). The call (outbound: false) rings the user for 20 " +
    "simulated seconds; nobody answers, and the platform's not-answered handling runs. The " +
    "developer can also simulate one on a user's Calls page in the portal.",
  auth: "application",
  body: inboundCallSchema,
  example: { from: "tel:+1 555 010 9999", to: "service:15550100123" },
  success: { status: 201, description: "The inbound call; Location names it.", entry: callEntrySchema },
  location: "/calls/{user}/{id}",
});

export const simulateInboundSmsContract = defineContract({
  operationId: "simulateInboundSms",
  method: "POST",
  path: "/simulator/inbound-sms",
  tag: "Simulator",
  summary: "Simulate an inbound SMS",
  description:
    "Only while TELEPHONY_ENGINE=simulator. The telephony simulator's network: a text from " +
    "`from` to `to`, an SMS number a user of the application's domain holds, lands in that " +
    "user's inbox with a NewSms event. Two-legged (the application) only; the developer can " +
    "also simulate one on a user's Messages page in the portal.",
  auth: "application",
  body: inboundSmsSchema,
  example: { from: "tel:+447700900555", to: "tel:+447700900001", body: "Hello!" },
  success: { status: 201, description: "Received; Location names the message in the user's inbox.", entry: messageEntrySchema },
  location: "/messages/{guid}/{folder}/{id}",
});

export const simulateInboundAudioContract = defineContract({
  operationId: "simulateInboundAudioMessage",
  method: "POST",
  path: "/simulator/inbound-audio-message",
  tag: "Simulator",
  summary: "Simulate an inbound audio message",
  description:
    "Only while TELEPHONY_ENGINE=simulator. The telephony simulator's network: `seconds` of " +
    "audio (a WAV tone) from `from` to `to`, a purpose number a user of the application's " +
    "domain holds, stored owner-only at /media/<domain>/call:<id>/<id>.wav; the message lands " +
    "in the user's inbox as an InboundAudioMessage (NewAudioMessage event) and is transcribed " +
    "if the user transcribes its inbox. Two-legged (the application) only.",
  auth: "application",
  body: inboundAudioSchema,
  example: { from: "tel:+447700900555", to: "tel:+447700900001", seconds: 3 },
  success: { status: 201, description: "Received; Location names the message in the user's inbox.", entry: messageEntrySchema },
  location: "/messages/{guid}/{folder}/{id}",
});
