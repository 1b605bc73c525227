"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { approveAuthorization, denyAuthorization, type AuthorizationOutcome } from "@/lib/http/oauth/three-legged";
import { ApiError } from "@/lib/core/errors/api-error";
import { clientAddress } from "@/lib/http/limits/client-address";

export interface AuthorizeState {
  /** Shown on the form (wrong password, lockout). */
  error?: string;
  /** The request cannot be answered any more (answered, expired, gone): the form is replaced by this. */
  closed?: string;
  login?: string;
  /** Out-of-band callback: what the page shows instead of redirecting. */
  outcome?: { approved: boolean; verifier: string };
}

/**
 * The end user's answer on /oauth/authorize. No developer session: the user proves itself with its
 * login and password. One module-level action with the token in a hidden field (not an action
 * bound per render), so a form posted without JavaScript gets the page back with this state.
 */
export async function authorizeAction(_prev: AuthorizeState, formData: FormData): Promise<AuthorizeState> {
  const token = String(formData.get("oauth_token") ?? "");
  const decision = formData.get("decision") === "deny" ? "deny" : "approve";
  const login = String(formData.get("login") ?? "").trim();
  const password = String(formData.get("password") ?? "");
  if (decision === "approve" && (!login || !password)) {
    return { error: "Enter your login and password to approve.", login };
  }
  let outcome: AuthorizationOutcome;
  try {
    outcome =
      decision === "deny" ? await denyAuthorization(token) : await approveAuthorization(token, login, password, clientAddress(await headers()));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // not_found / conflict: the request is gone, answered or expired; anything else (wrong password, lockout, suspended user) is for the form.
    if (error.code === "not_found" || error.code === "conflict") return { closed: error.message };
    return { error: error.message, login };
  }
  if ("redirectTo" in outcome) redirect(outcome.redirectTo);
  return { outcome: { approved: outcome.approved, verifier: outcome.verifier } };
}
