import { z } from "zod";
import { LEG_STATUSES } from "@/lib/telephony/leg-state";

export const CALL_STATUSES = ["STARTED", "RINGING", "CONNECTED", "COMPLETED", "BUSY", "NOANSWER", "FAILURE"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const LEG_MODES = ["talk", "hold", "mute"] as const;

const instant = z.iso.datetime();

export const legEntrySchema = z
  .object({
    id: z.number().int().meta({ description: "The leg's id; transfer names a leg as <call id>/<leg id>." }),
    address: z.string(),
    status: z.enum(LEG_STATUSES),
    startTime: instant,
    answerTime: instant.optional(),
    endTime: instant.optional(),
    duration: z.number().int().meta({ description: "Seconds answered (0 until answered)." }),
    mode: z.enum(LEG_MODES),
    playing: z.boolean(),
    reason: z.string().optional().meta({ description: "Why the leg ended, when it did not simply hang up." }),
  })
  .meta({ id: "CallLeg" });

export const callEntrySchema = z
  .object({
    id: z.number().int(),
    legs: z.array(legEntrySchema),
    callerId: z.string().optional(),
    mode: z.enum(LEG_MODES),
    status: z
      .enum(CALL_STATUSES)
      .meta({ description: "STARTED, RINGING, CONNECTED (the first two legs answered), then COMPLETED, BUSY, NOANSWER or FAILURE." }),
    reason: z.string().optional(),
    startTime: instant,
    endTime: instant.optional(),
    duration: z.number().int().meta({ description: "Seconds connected; billed per started minute." }),
    success: z.boolean().meta({ description: "The call connected and ended normally." }),
    active: z.boolean(),
    outbound: z.boolean(),
    recording: z.boolean(),
    recordings: z.array(z.string()).meta({ description: "Media paths of its recordings: /media/<domain>/call:<id>/<file>." }),
    application: z.string().meta({ description: "The application that placed it: <domain>:<name>." }),
    user: z.string().meta({ description: "The GUID of the user the call belongs to." }),
  })
  .meta({ id: "Call" });
export type CallEntry = z.infer<typeof callEntrySchema>;

const address = z.string().trim().min(1, "is required").max(300, "is at most 300 characters");
const announce = z.string().trim().min(1).max(1000, "is at most 1000 characters");

export const createCallSchema = z
  .strictObject({
    legs: z
      .array(address)
      .min(2, "name at least two addresses")
      .max(10, "at most 10 legs")
      .meta({ description: "tel: or sip: addresses; the first two are the parties whose answer connects the call." }),
    callerid: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .optional()
      .meta({ description: "A number the user holds or a verified device of the user (also accepted as callerId, callerID)." }),
    callerId: z.string().trim().min(1).max(300).optional(),
    callerID: z.string().trim().min(1).max(300).optional(),
    mode: z.enum(LEG_MODES).default("talk"),
    announce: announce.optional().meta({ description: "Text announced to both parties once connected." }),
  })
  .meta({ id: "CreateCall" });
export type CreateCallInput = z.infer<typeof createCallSchema>;

const tones = z
  .string()
  .regex(/^[0-9*#]{0,12}$/, "DTMF tones: 0-9, * and #")
  .optional();

const recordSchema = z.strictObject({
  file: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, "a file name: letters, digits, dot, dash, underscore")
    .refine((name) => !/\.[^.]*$/.test(name) || /\.mp3$/i.test(name), "recordings are MP3: end the name in .mp3, or leave the extension out")
    .optional()
    .meta({ description: "File name in the call's media folder call:<id> (.mp3 is added when missing); default <id>.mp3, then <id>-2.mp3, ..." }),
  append: z.boolean().optional(),
  flush: z.boolean().optional(),
  duration: z
    .number()
    .int()
    .min(1)
    .max(3600)
    .optional()
    .meta({ description: "Seconds; without it the recording runs until recording:false or the call ends." }),
  stoptones: tones,
});

const playSchema = z.strictObject({
  media: z
    .array(
      z.strictObject({
        type: z.enum(["file", "string", "digits", "number", "money", "time"]),
        value: z.string().min(1).max(1000),
        offset: z.number().int().min(0).optional(),
        duration: z.number().int().min(1).max(3600).optional().meta({ description: "Seconds; the simulator plays an item for 1 s by default." }),
      }),
    )
    .min(1, "name at least one item")
    .max(20),
  transactionId: z.string().min(1).max(100).optional(),
  stoptones: tones,
  flush: z.boolean().optional(),
});

const controls = {
  mode: z.enum([...LEG_MODES, "hangup"]).optional(),
  active: z.literal(false).optional().meta({ description: "false hangs up." }),
  record: recordSchema.optional(),
  recording: z.literal(false).optional().meta({ description: "false stops the recording." }),
  play: playSchema.optional(),
  playing: z.literal(false).optional().meta({ description: "false stops what is playing." }),
  announce: announce.optional(),
};
const atLeastOne = (v: object) => Object.values(v).some((x) => x !== undefined);

export const updateCallSchema = z
  .strictObject({
    ...controls,
    id: z
      .string()
      .regex(/^\d{1,9}\/\d{1,9}$/, 'a leg to transfer into this call: "<source call id>/<source leg id>"')
      .optional()
      .meta({ description: "Transfer: moves that answered leg of another call into this one." }),
  })
  .refine(atLeastOne, "send at least one of mode, active, record, recording, play, playing, announce, id")
  .meta({ id: "UpdateCall" });

export const updateLegSchema = z
  .strictObject({
    ...controls,
    requestDtmf: z
      .strictObject({
        maxDigits: z.number().int().min(1).max(32).default(1),
        maxInterval: z.number().int().min(1).max(60).optional(),
        timeOut: z.number().int().min(1).max(300).default(10).meta({ description: "Seconds to wait for the digits." }),
        stopTones: tones,
        flush: z.boolean().optional(),
      })
      .optional(),
  })
  .refine(atLeastOne, "send at least one of mode, active, record, recording, play, playing, announce, requestDtmf")
  .meta({ id: "UpdateCallLeg" });

export type UpdateCallInput = z.infer<typeof updateCallSchema>;
export type UpdateLegInput = z.infer<typeof updateLegSchema>;
export type PlayInput = z.infer<typeof playSchema>;
export type RecordInput = z.infer<typeof recordSchema>;
