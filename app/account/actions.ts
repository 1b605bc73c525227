"use server";

import { AuthError } from "next-auth";
import { signIn } from "@/lib/portal/auth";
import { changeDeveloperPassword } from "@/lib/developers/change-developer-password";
import { errorState, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";

const passwordFields = ["currentPassword", "newPassword", "confirmPassword"] as const;

/** Changes the password, which ends every session; this browser is signed in again with the new one. */
export async function changePasswordAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const input = Object.fromEntries(passwordFields.map((name) => [name, String(formData.get(name) ?? "")])) as Record<
    (typeof passwordFields)[number],
    string
  >;
  try {
    await changeDeveloperPassword(developerActor(developer.id), input);
  } catch (error) {
    // Empty values: field messages find their field, and no password is sent back to the page.
    return errorState(error, Object.fromEntries(passwordFields.map((name) => [name, ""])));
  }
  try {
    await signIn("credentials", { email: developer.email, password: input.newPassword, redirectTo: "/account?changed=1" });
  } catch (error) {
    if (error instanceof AuthError) return { notice: "Your password was changed. Sign in again with the new password." };
    throw error; // the redirect after signing in again
  }
  return {};
}
