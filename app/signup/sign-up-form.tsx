"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonPrimary, link } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";
import { signUpAction } from "../signin/actions";

export function SignUpForm() {
  const [state, action] = useActionState(signUpAction, {} as FormState);
  return (
    <form action={action} className="space-y-5" noValidate>
      {state.error && <Alert>{state.error}</Alert>}
      <Field name="name" label="Name" autoComplete="name" required defaultValue={state.values?.name} errors={state.fieldErrors?.name} />
      <Field
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email}
        errors={state.fieldErrors?.email}
      />
      <Field
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
        errors={state.fieldErrors?.password}
      />
      <SubmitButton pendingText="Creating your account…" className={`${buttonPrimary} w-full`}>
        Create account
      </SubmitButton>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/signin" className={link}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
