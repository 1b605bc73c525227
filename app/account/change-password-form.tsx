"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { card, link } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";
import { changePasswordAction } from "./actions";

export function ChangePasswordForm() {
  const [state, action] = useActionState(changePasswordAction, {} as FormState);
  const errors = state.fieldErrors ?? {};
  return (
    <section className={`${card} p-5`} aria-labelledby="password-heading">
      <h2 id="password-heading" className="font-semibold">
        Change password
      </h2>
      <p className="mt-1 text-sm text-slate-600">You stay signed in here; every other browser signed in to your account is signed out.</p>
      <form action={action} className="mt-4 max-w-sm space-y-4" noValidate>
        {state.error && !state.fieldErrors && <Alert title="The password was not changed">{state.error}</Alert>}
        {state.notice && (
          <Alert tone="success">
            {state.notice}{" "}
            <Link href="/signin?callbackUrl=%2Faccount" className={link}>
              Sign in
            </Link>
          </Alert>
        )}
        <Field
          name="currentPassword"
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          errors={errors.currentPassword}
        />
        <Field
          name="newPassword"
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          hint="At least 8 characters."
          errors={errors.newPassword}
        />
        <Field
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          required
          autoComplete="new-password"
          errors={errors.confirmPassword}
        />
        <SubmitButton pendingText="Changing…">Change password</SubmitButton>
      </form>
    </section>
  );
}
