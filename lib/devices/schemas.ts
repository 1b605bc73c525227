import { z } from "zod";
import { putBody } from "@/lib/http/rest/read-only-fields";

/** The original platform's boolean device options; an option never set reads false. */
export const DEVICE_OPTIONS = [
  "callme",
  "notifyvm",
  "notifymissedcall",
  "notifytranscription",
  "attachmessage",
  "usewave",
  "ringstatus",
  "autoAnswer",
  "allowCCF",
  "shared",
  "showcalled",
  "answersecurity",
  "mailtext",
  "callbackreachme",
] as const;
export type DeviceOption = (typeof DEVICE_OPTIONS)[number];

const optionShape = <T extends z.ZodType>(type: T) => Object.fromEntries(DEVICE_OPTIONS.map((o) => [o, type])) as Record<DeviceOption, T>;

const check = z.enum(["pending", "passed", "failed"]);
const text = z.string().trim().max(100, "is at most 100 characters");

export const deviceEntrySchema = z
  .object({
    id: z
      .string()
      .meta({ description: "The address with its scheme: tel:<digits>, sip:, skype:, xmpp:, mailto:, or service:<digits> for a purpose number." }),
    name: z.string().optional(),
    label: z.string().optional(),
    carrier: z.string().optional(),
    key: z.string().optional(),
    verified: z.boolean(),
    default: z.boolean().meta({ description: "The device the user got at creation (or the oldest left after it was removed)." }),
    ccfCheck: check.optional().meta({ description: "Phones: the conditional call forwarding check." }),
    mailCheck: check.optional().meta({ description: "Email devices: pending until the code or link of the verification email is used." }),
    checkDetail: z.string().optional().meta({ description: "What the pending or failed check is waiting for." }),
    location: z.string().optional().meta({ description: "Purpose numbers: ISO 3166 alpha-3 country." }),
    sms: z.boolean().optional().meta({ description: "Purpose numbers: whether it can send and receive SMS." }),
    paidUntil: z.iso
      .datetime()
      .optional()
      .meta({ description: "Purpose numbers: paid up to this instant; the monthly renewal charges the next month then (docs/numbers.md)." }),
    createdOn: z.iso.datetime(),
    ...optionShape(z.boolean()),
  })
  .meta({ id: "Device" });
export type DeviceEntry = z.infer<typeof deviceEntrySchema>;

const writable = {
  name: text.optional(),
  label: text.optional(),
  carrier: text.optional(),
  key: text.optional(),
  /** mailCheck sends (again) a verification email; ccfTest asks for the call forwarding check. */
  verifyBy: z.enum(["mailCheck", "ccfTest"]).optional(),
  ...optionShape(z.boolean().optional()),
};

export const createDeviceSchema = z
  .strictObject({
    id: z.string().trim().min(1, "is required").max(300, "is at most 300 characters").meta({
      description:
        "An address (tel:+44 20 7946 0000, mailto:ada@example.com, ...), or @purpose/<alpha-3>, @purpose/tel:<number>, @sms/<alpha-3> to allocate a number.",
    }),
    ...writable,
  })
  .meta({ id: "CreateDevice" });

export const DEVICE_READ_ONLY = [
  "id",
  "verified",
  "default",
  "ccfCheck",
  "mailCheck",
  "checkDetail",
  "location",
  "sms",
  "paidUntil",
  "createdOn",
] as const;

export const updateDeviceSchema = putBody(
  {
    ...writable,
    name: text.nullable().optional(),
    label: text.nullable().optional(),
    carrier: text.nullable().optional(),
    key: text.nullable().optional(),
    verifyCode: z.string().trim().min(1).max(20).optional().meta({ description: "The code of the verification email." }),
  },
  DEVICE_READ_ONLY,
)
  .refine((v) => Object.keys(v).length > 0, "send at least one field to change")
  .meta({ id: "UpdateDevice" });

export type CreateDeviceInput = z.infer<typeof createDeviceSchema>;
export type UpdateDeviceInput = z.infer<typeof updateDeviceSchema>;
