"use client";

import { useActionState, useEffect, useRef } from "react";
import { Alert } from "./alert";
import { Field } from "./field";
import { SubmitButton } from "./submit-button";
import { card } from "./styles";

type State = { error?: string; notice?: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

/** Adds a user to a domain: login and password, optional first and last name. */
export function CreateUserForm({
  domain,
  billingAccount,
  action,
}: {
  domain: string;
  /** The account new users join: the default billing account of the domain's applications. */
  billingAccount?: string;
  action: (prev: State, formData: FormData) => Promise<State>;
}) {
  const [state, formAction] = useActionState(action, {} as State);
  const loginRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state.notice) loginRef.current?.focus();
  }, [state]);
  const v = state.notice ? undefined : state.values;
  return (
    <section className={`${card} p-5`} aria-labelledby="new-user-heading">
      <h2 id="new-user-heading" className="font-semibold">
        Add a user
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Users sign in to the applications of {domain} with this login and password.{" "}
        {billingAccount
          ? `They join the billing account ${billingAccount}, the default of the domain's applications.`
          : "They join no billing account: choose a default one on an application of this domain, or later on the user's page."}
      </p>
      <form action={formAction} className="mt-4 space-y-4" noValidate>
        {state.error && <Alert title="The user was not created">{state.error}</Alert>}
        {state.notice && <Alert tone="success">{state.notice}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field ref={loginRef} name="login" label="Login" required autoComplete="off" defaultValue={v?.login} errors={state.fieldErrors?.login} />
          <Field
            name="password"
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            hint="At least 8 characters."
            errors={state.fieldErrors?.password}
          />
          <Field name="firstName" label="First name" optional autoComplete="off" defaultValue={v?.firstName} errors={state.fieldErrors?.firstName} />
          <Field name="lastName" label="Last name" optional autoComplete="off" defaultValue={v?.lastName} errors={state.fieldErrors?.lastName} />
        </div>
        <SubmitButton pendingText="Adding…">Add user</SubmitButton>
      </form>
    </section>
  );
}
