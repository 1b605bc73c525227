"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { CopyButton } from "@/components/copy-button";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonPrimary, buttonSecondary } from "@/components/styles";
import { authorizeAction, type AuthorizeState } from "./actions";

interface AuthorizeFormProps {
  token: string;
  applicationName: string;
  domain: string;
  /** Set when the request was already answered: shown unless this very page load carries the answer. */
  answered?: { title: string; body: string };
}

export function AuthorizeForm({ token, applicationName, domain, answered }: AuthorizeFormProps) {
  const [state, action] = useActionState(authorizeAction, {} as AuthorizeState);

  if (state.closed) {
    return (
      <Alert tone="warning" title="This request can no longer be answered">
        {state.closed}
      </Alert>
    );
  }
  if (state.outcome?.approved) {
    return (
      <div className="space-y-4" data-testid="oob-verifier">
        <Alert tone="success" title={`You approved ${applicationName}`}>
          Enter this verification code in {applicationName} to finish connecting it to your account.
        </Alert>
        <code
          className={
            "block w-full rounded-lg border border-slate-200 bg-slate-50 px-4 py-5 text-center " +
            "font-mono text-xl tracking-wide select-all [overflow-wrap:anywhere]"
          }
        >
          {state.outcome.verifier}
        </code>
        <div className="flex justify-center">
          <CopyButton value={state.outcome.verifier} label="Copy code" />
        </div>
      </div>
    );
  }
  if (state.outcome) {
    return (
      <Alert tone="info" title="You denied access">
        {applicationName} did not get access to your account. You can close this page.
      </Alert>
    );
  }

  if (answered) {
    return (
      <div data-testid="authorize-problem">
        <Alert tone="warning" title={answered.title}>
          {answered.body}
        </Alert>
      </div>
    );
  }

  return (
    <form action={action} className="space-y-5" noValidate>
      <input type="hidden" name="oauth_token" value={token} />
      {state.error && <Alert>{state.error}</Alert>}
      <Field name="login" label="Login" autoComplete="username" required defaultValue={state.login} hint={`Your ${domain} login.`} />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required />
      {/* Approve first in the page so Enter approves; shown on the right. */}
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <SubmitButton name="decision" value="approve" className={buttonPrimary}>
          Approve
        </SubmitButton>
        <SubmitButton name="decision" value="deny" formNoValidate className={buttonSecondary}>
          Deny
        </SubmitButton>
      </div>
      <p className="text-xs text-slate-500">Your password is checked by Switchboard and is never shown to {applicationName}.</p>
    </form>
  );
}
