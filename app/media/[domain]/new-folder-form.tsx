"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonPrimary, buttonSmall } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";
import { createFolderAction } from "../actions";

export function NewFolderForm({ domain }: { domain: string }) {
  const [state, action] = useActionState(createFolderAction.bind(null, domain), {} as FormState);
  return (
    <form action={action} className="space-y-2" noValidate aria-label="New folder">
      {state.error && !state.fieldErrors && <Alert title="The folder was not created">{state.error}</Alert>}
      <Field
        name="id"
        label="New folder"
        required
        maxLength={255}
        autoComplete="off"
        placeholder="prompts"
        defaultValue={state.values?.id}
        errors={state.fieldErrors?.id}
      />
      <SubmitButton pendingText="Creating…" className={`${buttonPrimary} ${buttonSmall}`}>
        Create folder
      </SubmitButton>
    </form>
  );
}
