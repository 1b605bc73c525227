import { z } from "zod";
import { putBody } from "@/lib/http/rest/read-only-fields";

export const MESSAGE_TYPES = ["Voicemail", "BroadcastVoiceMail", "InboundAudioMessage", "OutboundAudioMessage", "InboundSms", "OutboundSms"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_STATUSES = ["INITIAL", "NEW", "READ", "URGENT", "SENT", "DELIVERED", "RECEIVED", "FAILED", "DELETED", "UNKNOWN"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const TRANSCRIPTION_STATUSES = ["pending", "transcribed", "notAvailable"] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];
export type RecipientStatus = "INITIAL" | "SENT" | "DELIVERED" | "FAILED";

/** Messages sent by the user: their status follows the recipients' delivery, not reading. */
export const OUTBOUND_TYPES: readonly MessageType[] = ["OutboundSms", "OutboundAudioMessage"];

/** The folders every user has; "outbox" is where SMS are posted, never where they stay. */
export const SYSTEM_FOLDERS = ["inbox", "sent", "deleted"] as const;
export const OUTBOX = "outbox";

/** inbox, sent, deleted, or a folder the user names by moving a message into it. */
export const folderName = z
  .string()
  .trim()
  .min(1, "is required")
  .max(40, "is at most 40 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, "may contain letters, digits, dashes and underscores, and must start with a letter or digit")
  .refine((name) => name.toLowerCase() !== OUTBOX, "outbox only takes new SMS (POST); choose another folder");

const label = z.string().trim().max(100, "is at most 100 characters");

export const recipientEntrySchema = z
  .object({
    destination: z.string().meta({ description: "tel:<digits>" }),
    status: z.enum(["INITIAL", "SENT", "DELIVERED", "FAILED"]),
    detail: z.string().optional().meta({ description: "Why delivery failed." }),
  })
  .meta({ id: "MessageRecipient" });

export const messageEntrySchema = z
  .object({
    id: z.string().meta({ description: "The message id (a UUID)." }),
    guid: z.string().meta({ description: "The owner's GUID." }),
    type: z.enum(MESSAGE_TYPES),
    status: z.enum(MESSAGE_STATUSES),
    folder: z.string(),
    new: z.boolean().meta({ description: "Not read yet." }),
    urgent: z.boolean(),
    title: z.string().optional(),
    body: z.string().optional(),
    sender: z.string().optional().meta({ description: "The device it was sent from (an SMS: the user's number, tel:<digits>)." }),
    from: z.string().optional(),
    dest: z.string().optional(),
    mediaUri: z.string().optional().meta({ description: "The media path of the first audio file (mediaItems[0])." }),
    mediaItems: z.array(z.string()).meta({ description: "Media paths of the audio: /media/<domain>/call:<id>/<id>.mp3." }),
    time: z.iso.datetime(),
    startTime: z.iso.datetime().optional(),
    duration: z.number().int().optional().meta({ description: "Seconds of audio." }),
    callId: z.string().optional(),
    label: z.string().optional(),
    transcriptionStatus: z.enum(TRANSCRIPTION_STATUSES).optional(),
    transcript: z.string().optional(),
    transcriptionDetail: z.string().optional().meta({
      description: "With transcriptionStatus notAvailable: why (no service on, or the provider's failure after its retries).",
      example: "openai-compatible: http://127.0.0.1:8080/v1/audio/transcriptions answered 500: model not loaded",
    }),
    recipients: z.array(recipientEntrySchema).optional(),
  })
  .meta({ id: "Message" });
export type MessageEntry = z.infer<typeof messageEntrySchema>;

export const MESSAGE_READ_ONLY = [
  "id",
  "guid",
  "type",
  "status",
  "title",
  "body",
  "sender",
  "from",
  "dest",
  "mediaUri",
  "mediaItems",
  "time",
  "startTime",
  "duration",
  "callId",
  "transcriptionStatus",
  "transcript",
  "transcriptionDetail",
  "recipients",
] as const;

export const updateMessageSchema = putBody(
  {
    new: z.boolean().optional().meta({ description: "false marks it read, true unread." }),
    urgent: z.boolean().optional(),
    folder: folderName.optional().meta({ description: "Moves it: inbox, sent, deleted or a folder of the user's own." }),
    label: label.nullable().optional(),
  },
  MESSAGE_READ_ONLY,
)
  .refine((v) => Object.keys(v).length > 0, "send at least one field to change")
  .meta({ id: "UpdateMessage" });
export type UpdateMessageInput = z.infer<typeof updateMessageSchema>;

const telAddress = z
  .string()
  .trim()
  .max(40, "is at most 40 characters")
  .regex(/^(tel:)?\+?[\d ().-]{5,30}$/, "must be a phone number such as tel:+447700900123");

/** The user's SMS number as a phone number, or as the device id its allocation answered (service:<digits>). */
const senderAddress = z
  .string()
  .trim()
  .max(40, "is at most 40 characters")
  .regex(/^((tel|service):)?\+?[\d ().-]{5,30}$/i, "must be the user's SMS number: its device id service:447700900123, or tel:+447700900123");

export const sendSmsSchema = z
  .strictObject({
    recipients: z.array(telAddress).min(1, "name at least one recipient").max(10, "at most 10 recipients"),
    body: z.string().min(1, "is required").max(1600, "is at most 1600 characters"),
    sender: senderAddress.meta({
      description: "An SMS number the user holds (allocated with @sms/<country>): the device id service:<digits> or tel:<number>.",
    }),
    title: z.string().trim().max(100, "is at most 100 characters").optional(),
    label: label.optional(),
  })
  .meta({ id: "SendSms" });
export type SendSmsInput = z.infer<typeof sendSmsSchema>;

export const inboundSmsSchema = z
  .strictObject({
    from: telAddress,
    to: telAddress.meta({ description: "An SMS number one of the application's users holds." }),
    body: z.string().min(1, "is required").max(1600, "is at most 1600 characters"),
  })
  .meta({ id: "InboundSms" });
export type InboundSmsInput = z.infer<typeof inboundSmsSchema>;

export const inboundAudioSchema = z
  .strictObject({
    from: telAddress,
    to: telAddress.meta({ description: "A purpose number one of the application's users holds." }),
    seconds: z.number().int().min(1, "is at least 1").max(60, "is at most 60").default(3).meta({ description: "Length of the simulated audio." }),
  })
  .meta({ id: "InboundAudioMessage" });
export type InboundAudioInput = z.infer<typeof inboundAudioSchema>;

/** "tel:+44 7700 900123" or the device id "service:447700900123" -> "tel:447700900123" */
export const telOf = (address: string) => `tel:${address.replace(/^(tel|service):/i, "").replace(/\D/g, "")}`;
