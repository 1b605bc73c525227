import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { fieldErrors } from "@/lib/core/errors/api-error";

// A PUT may send back the resource's own GET representation: read-only fields equal to the stored
// value are ignored, a changed one is a 400 that names it, and unknown fields stay a 400.

/** A strict body schema of the writable fields that also lets the read-only ones through for checking. */
export function putBody<const W extends z.ZodRawShape, const R extends readonly string[]>(writable: W, readOnly: R) {
  const passThrough = Object.fromEntries(readOnly.map((key) => [key, z.unknown().optional()])) as { [K in R[number]]: z.ZodOptional<z.ZodUnknown> };
  return z.strictObject({ ...writable, ...passThrough });
}

/** Throws 400 naming each read-only field whose value differs from the current entry; returns the writable rest. */
export function withoutUnchangedReadOnly<T extends Record<string, unknown>, K extends string>(
  input: T,
  current: Record<string, unknown>,
  readOnly: readonly K[],
): Omit<T, K> {
  const changed = readOnly.filter((key) => input[key] !== undefined && !isDeepStrictEqual(input[key], current[key]));
  if (changed.length) {
    throw fieldErrors(
      changed.map((field) => ({ field, message: "is read-only" })),
      { detail: `${changed.join(", ")}: read-only; send the current value or leave it out.` },
    );
  }
  const rest = { ...input };
  for (const key of readOnly) delete rest[key];
  return rest;
}
