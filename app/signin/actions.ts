"use server";

import { AuthError } from "next-auth";
import { SignInThrottled, signIn, signOut } from "@/lib/portal/auth";
import { createDeveloper } from "@/lib/developers/developers";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { sameOriginPath } from "@/lib/http/limits/same-origin-path";

export async function signInAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["email"]);
  const email = values.email!.trim();
  const password = String(formData.get("password") ?? "");
  const fieldErrors: Record<string, string[]> = {};
  if (!email) fieldErrors.email = ["is required"];
  if (!password) fieldErrors.password = ["is required"];
  if (Object.keys(fieldErrors).length) return { fieldErrors, values };
  try {
    await signIn("credentials", { email, password, redirectTo: sameOriginPath(formData.get("callbackUrl")) });
  } catch (error) {
    if (error instanceof SignInThrottled) return { error: error.throttled.message, values };
    if (error instanceof AuthError) {
      return error.type === "CredentialsSignin"
        ? { error: "The email or password is wrong. Check both and try again, or create an account.", values }
        : { error: "Signing in did not work this time. Try again in a moment.", values };
    }
    throw error; // the redirect after a successful sign-in
  }
  return {};
}

export async function oauthSignInAction(provider: string, formData: FormData): Promise<void> {
  if (provider !== "github" && provider !== "google") return;
  await signIn(provider, { redirectTo: sameOriginPath(formData.get("callbackUrl")) });
}

export async function signUpAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["name", "email"]);
  const password = String(formData.get("password") ?? "");
  let email: string;
  try {
    email = (await createDeveloper({ name: values.name!, email: values.email!, password })).email;
  } catch (error) {
    return errorState(error, values);
  }
  try {
    await signIn("credentials", { email, password, redirectTo: "/overview" });
  } catch (error) {
    if (error instanceof AuthError) return { error: "Your account was created, but signing in failed. Sign in with your new password." };
    throw error;
  }
  return {};
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
