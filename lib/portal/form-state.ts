import { Prisma } from "@prisma/client";
import { ZodError } from "zod";
import { ApiError } from "@/lib/errors/api-error";

/** What a portal form action returns to its form (useActionState). */
export interface FormState<T = undefined> {
  /** A message for the whole form, shown in an alert (an ApiError's message). */
  error?: string;
  /** Messages per field name, shown under the field. */
  fieldErrors?: Record<string, string[]>;
  /** The submitted values (never passwords), to fill the form again after an error. */
  values?: Record<string, string>;
  /** A success message. */
  notice?: string;
  data?: T;
}

/** Text fields of a form, passwords left out unless listed in `keep`. */
export function formValues(formData: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, String(formData.get(n) ?? "")]));
}

/**
 * Turns what a lib function threw into form state: ZodError -> messages per field, ApiError ->
 * its message. Anything else (redirects, bugs) is thrown again: Next handles redirects and the
 * error boundary shows a calm page for the rest.
 */
export function errorState<T = undefined>(error: unknown, values?: Record<string, string>, rootField?: string): FormState<T> {
  if (error instanceof ZodError) {
    const fieldErrors: Record<string, string[]> = {};
    const general: string[] = [];
    for (const issue of error.issues) {
      // A schema for one value (e.g. a password alone) reports no path: `rootField` names its field.
      const field = issue.path.length ? issue.path[0] : rootField;
      if (typeof field === "string") (fieldErrors[field] ??= []).push(issue.message);
      else general.push(issue.message);
    }
    return { fieldErrors, values, error: general.length ? general.join(" ") : "Check the fields marked below." };
  }
  if (error instanceof ApiError) {
    // A problem that names submitted fields ({errors: [{field, message}]}) puts each message under its field.
    const named = ((error.options.extra?.errors ?? []) as Array<{ field: string; message: string }>).filter((e) => values && e.field in values);
    if (named.length) {
      const fieldErrors: Record<string, string[]> = {};
      for (const e of named) (fieldErrors[e.field] ??= []).push(e.message);
      return { fieldErrors, values, error: "Check the fields marked below." };
    }
    // "notificationUrl host x does not resolve...": a message about one submitted field goes under that field.
    const match = error.code === "validation_failed" ? /^(\w+) (.+)$/s.exec(error.message) : null;
    if (match && values && match[1]! in values) {
      return { fieldErrors: { [match[1]!]: [match[2]!] }, values, error: "Check the fields marked below." };
    }
    return { error: error.message, values };
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
    return { error: "Something with that name already exists. Choose another name.", values };
  }
  throw error;
}
