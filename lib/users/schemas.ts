import { z } from "zod";
import { password, userLogin } from "@/lib/validation";

const name = z.string().trim().max(100, "is at most 100 characters");

// Strict objects: an unknown or read-only field is a 400 that names it (no mass assignment).
export const createUserSchema = z.strictObject({
  login: userLogin,
  password,
  firstName: name.optional(),
  lastName: name.optional(),
});

export const updateUserSchema = z
  .strictObject({
    firstName: name.nullable().optional(),
    lastName: name.nullable().optional(),
    password: password.optional(),
    pwdStatus: z.literal("reset", { error: 'can only be set to "reset"' }).optional(),
    locale: z
      .string()
      .regex(/^[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, "must be a language tag such as en or en-GB")
      .nullable()
      .optional(),
  })
  .refine((v) => Object.keys(v).length > 0, "send at least one field to change");

export type CreateUserInput = z.infer<typeof createUserSchema>;
export type UpdateUserInput = z.infer<typeof updateUserSchema>;
