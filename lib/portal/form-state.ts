import { ZodError } from "zod";
import { ApiError } from "@/lib/core/errors/api-error";
import { asApiError } from "@/lib/core/errors/known-errors";

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

/** The named text fields of a form, as strings (a missing one is ""); list only fields to show again: never passwords. */
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
    return { error: error.message, values };
  }
  // A taken unique name, a row gone meanwhile, a busy or unreachable database: the API's own answers.
  const known = asApiError(error);
  if (known) return { error: known.message, values };
  throw error;
}
