import { z } from "zod";

// Names and addresses shared by the REST API and the portal, so both refuse the same input.

export const domainName = z
  .string()
  .trim()
  .min(1, "is required")
  .max(63, "is at most 63 characters")
  .regex(
    /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/,
    "may contain lowercase letters, digits, dots and dashes, and must start and end with a letter or digit",
  );

export const applicationName = z
  .string()
  .trim()
  .min(1, "is required")
  .max(64, "is at most 64 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, "may contain letters, digits, dots, dashes and underscores, and must start with a letter or digit");

export const userLogin = z
  .string()
  .trim()
  .min(1, "is required")
  .max(254, "is at most 254 characters")
  .regex(/^[^\s:/]+$/, "may not contain spaces, colons or slashes");

export const password = z.string().min(8, "must be at least 8 characters").max(200, "is at most 200 characters");

export const notificationUrl = z
  .string()
  .trim()
  .max(2000, "is at most 2000 characters")
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "must be an absolute http:// or https:// URL without credentials");

/** PostgreSQL text holds neither NUL nor lone UTF-16 surrogates (which JSON.parse and URL decoding let through). */
export const isStorableText = (text: string) => !text.includes("\u0000") && text.isWellFormed();

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (v: string) => GUID.test(v);

/** A GUID as the API answers it. */
export const guid = z.string().regex(GUID, "must be a GUID").meta({ format: "uuid", example: "0b6f1e52-8a8e-4d55-9a36-3c1d7b2b4f10" });
/** A GUID as a client may send it (any case), normalized to lowercase as stored. */
export const guidParam = guid.transform((v) => v.toLowerCase());
