"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonPrimary, link } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";
import { signInAction } from "./actions";

export function SignInForm({ callbackUrl }: { callbackUrl?: string }) {
  const [state, action] = useActionState(signInAction, {} as FormState);
  return (
    <form action={action} className="space-y-5" noValidate>
      {state.error && <Alert>{state.error}</Alert>}
      {callbackUrl && <input type="hidden" name="callbackUrl" value={callbackUrl} />}
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        errors={state.fieldErrors?.email}
      />
      <Field name="password" label="Password" type="password" autoComplete="current-password" required errors={state.fieldErrors?.password} />
      <SubmitButton pendingText="Signing in…" className={`${buttonPrimary} w-full`}>
        Sign in
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        New to Switchboard?{" "}
        <Link href="/signup" className={link}>
          Create a developer account
        </Link>
      </p>
    </form>
  );
}
