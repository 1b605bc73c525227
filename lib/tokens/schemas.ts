import { z } from "zod";
import { storedAddress } from "@/lib/devices/get-device";
import { guid } from "@/lib/core/validation";

/** Most guest calls one token allows at once. */
export const MAX_CONCURRENT_LIMIT = 100;
/** A token without an endDate is valid this long after its startDate. */
export const DEFAULT_VALIDITY_DAYS = 30;

const text = (max: number) => z.string().trim().max(max, `is at most ${max} characters`);
const address = z
  .string()
  .trim()
  .min(1, "is required")
  .max(300, "is at most 300 characters")
  .refine((v) => storedAddress(v) !== undefined, "is not an address: send tel:+<country code><number>, sip:user@host, skype:, xmpp: or mailto:");

export const TOKEN_STATUSES = ["pending", "active", "expired", "revoked"] as const;

export const tokenEntrySchema = z
  .object({
    id: guid.meta({ description: "The token's id (not its secret)." }),
    type: z.literal("uphone"),
    guid: guid.meta({ description: "The user the guest calls." }),
    callee: z.string().meta({ description: "The user's device the guest calls." }),
    caller: z.string().optional().meta({ description: "How the call history names the guest when the visitor gives no name." }),
    description: z.string().optional(),
    startDate: z.iso.datetime(),
    endDate: z.iso.datetime(),
    maxConcurrent: z.number().int(),
    status: z
      .enum(TOKEN_STATUSES)
      .meta({ description: "pending before startDate, active inside the window, expired after endDate, revoked after DELETE." }),
    activeCalls: z.number().int().meta({ description: "Guest calls placed with this token that are still going on." }),
    createdOn: z.iso.datetime(),
    createdWith: z.string(),
    revokedOn: z.iso.datetime().optional(),
    lastUsed: z.iso.datetime().optional(),
    token: z
      .string()
      .optional()
      .meta({ description: "The secret (gt_...), only in the reply to POST: the service keeps only its hash. Hand it to the web visitor." }),
  })
  .meta({ id: "GuestToken" });
export type TokenEntry = z.infer<typeof tokenEntrySchema>;

export const createTokenSchema = z
  .strictObject({
    type: z.literal("uphone", "must be uphone (a guest call token)"),
    callee: address.meta({ description: "One of the user's device addresses; two-legged, it names the user too." }),
    caller: text(300).optional().meta({ description: "How the call history names the guest when the visitor gives no name (default guest)." }),
    description: text(500).optional(),
    startDate: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date-time" })
      .optional()
      .meta({ description: "Valid from (default: now)." }),
    endDate: z.iso
      .datetime({ offset: true, error: "must be an ISO 8601 date-time" })
      .optional()
      .meta({ description: `Valid until, exclusive (default: ${DEFAULT_VALIDITY_DAYS} days after startDate).` }),
    maxConcurrent: z
      .number()
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(MAX_CONCURRENT_LIMIT, `is at most ${MAX_CONCURRENT_LIMIT}`)
      .optional()
      .meta({ description: "Guest calls at once (default 1)." }),
  })
  .refine((v) => !v.startDate || !v.endDate || Date.parse(v.endDate) > Date.parse(v.startDate), {
    message: "must be after startDate",
    path: ["endDate"],
  })
  .meta({ id: "CreateGuestToken" });
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

export const guestCallSchema = z
  .strictObject({
    caller: text(100)
      .min(1, "may not be empty")
      .optional()
      .meta({ description: "The visitor's name as the call history shows it (default: the token's caller)." }),
  })
  .meta({ id: "GuestCallRequest" });
export type GuestCallInput = z.infer<typeof guestCallSchema>;

export const guestCallEntrySchema = z
  .object({
    id: guid.meta({ description: "The guest call's id: GET and DELETE /tokens/call/{id} with it." }),
    caller: z.string().meta({ description: "The guest, as the user's call history names it." }),
    callee: z.string(),
    status: z.string().meta({ description: "The call's status: STARTED, RINGING, CONNECTED, then COMPLETED, BUSY, NOANSWER or FAILURE." }),
    calleeStatus: z.string().meta({ description: "The callee's leg: RINGING, ANSWERED, HUNGUP, ..." }),
    active: z.boolean(),
    startTime: z.iso.datetime(),
    answerTime: z.iso.datetime().optional(),
    endTime: z.iso.datetime().optional(),
    duration: z.number().int().meta({ description: "Seconds connected." }),
  })
  .meta({ id: "GuestCall" });
export type GuestCallEntry = z.infer<typeof guestCallEntrySchema>;
