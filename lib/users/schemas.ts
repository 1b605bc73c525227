import { z } from "zod";
import { putBody } from "@/lib/http/rest/read-only-fields";
import { domainName, guid, guidParam, password, userLogin } from "@/lib/core/validation";

const name = z.string().trim().max(100, "is at most 100 characters");
/** Changed only by the application (two-legged) or the portal; null takes the user out of its account. */
const accountId = guidParam
  .nullable()
  .meta({ description: "A billing account of the developer who owns the user's domain (docs/billing.md); null for none." });

export const userEntrySchema = z
  .object({
    guid,
    login: z.string(),
    domain: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    createdOn: z.iso.datetime(),
    createdWith: z.string().optional(),
    createdBy: guid
      .optional()
      .meta({ description: "The developer who created the user: in the portal, or as the owner of the application that created it." }),
    lastUsed: z.iso.datetime().optional().meta({ description: "The user's last sign-in (POST /login); absent until the first." }),
    status: z.string(),
    suspended: z.boolean(),
    pwdStatus: z.string().meta({ description: '"ok", or "reset" when the user must choose a new password' }),
    locale: z.string().optional(),
    accountId: guid.optional().meta({ description: "The user's billing account; absent when the user has none (billable actions are then 403)." }),
    callerId: z.string().optional(),
  })
  .meta({ id: "User" });

export type UserEntry = z.infer<typeof userEntrySchema>;

// Strict: an unknown field is a 400 that names it (no mass assignment).
export const createUserSchema = z
  .strictObject({
    login: userLogin,
    password,
    firstName: name.optional(),
    lastName: name.optional(),
    /** The original platform's create field: accepted when it is the application's own domain. */
    domain: domainName.optional(),
    /** Absent: the creating application's default billing account, if it names one. */
    accountId: accountId.optional(),
  })
  .meta({ id: "CreateUser" });

export const USER_READ_ONLY = [
  "guid",
  "login",
  "domain",
  "createdOn",
  "createdWith",
  "createdBy",
  "lastUsed",
  "status",
  "suspended",
  "callerId",
] as const;

export const updateUserSchema = putBody(
  {
    firstName: name.nullable().optional(),
    lastName: name.nullable().optional(),
    password: password.optional(),
    /** "reset" asks for a new password at the next login; the current value is accepted unchanged. */
    pwdStatus: z.string().optional(),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, "must be a language tag such as en or en-GB")
      .nullable()
      .optional(),
    accountId: accountId.optional(),
  },
  USER_READ_ONLY,
)
  .refine((v) => Object.keys(v).length > 0, "send at least one field to change")
  .meta({ id: "UpdateUser" });

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
