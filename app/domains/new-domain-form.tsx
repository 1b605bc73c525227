"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonPrimary, card } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";
import { createDomainAction } from "./actions";

/** Creates an empty domain; applications and users are added to it afterwards. */
export function NewDomainForm() {
  const [state, action] = useActionState(createDomainAction, {} as FormState);
  return (
    <section className={`${card} p-5`} aria-labelledby="new-domain-heading">
      <h2 id="new-domain-heading" className="font-semibold">
        New domain
      </h2>
      <form action={action} className="mt-3 space-y-3" noValidate>
        {state.error && !state.fieldErrors && <Alert title="The domain was not created">{state.error}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field
            name="name"
            label="Domain name"
            required
            maxLength={63}
            autoComplete="off"
            placeholder="acme"
            defaultValue={state.values?.name}
            errors={state.fieldErrors?.name}
            hint="Lowercase letters, digits, dots and dashes. It cannot be renamed later: logins and application ids are built on it."
            className="min-w-0 flex-1"
          />
          <SubmitButton pendingText="Creating…" className={`${buttonPrimary} shrink-0 sm:mt-7`}>
            Create domain
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
