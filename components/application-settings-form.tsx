"use client";

import { useActionState } from "react";
import { Alert } from "./alert";
import { Field } from "./field";
import { SubmitButton } from "./submit-button";
import { card } from "./styles";

type State = { error?: string; notice?: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

/** Description and notification URL of an application. */
export function ApplicationSettingsForm({
  description,
  notificationUrl,
  action,
}: {
  description: string;
  notificationUrl: string;
  action: (prev: State, formData: FormData) => Promise<State>;
}) {
  const [state, formAction] = useActionState(action, {} as State);
  return (
    <section className={`${card} p-5`} aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="font-semibold">
        Settings
      </h2>
      <form action={formAction} className="mt-4 space-y-5" noValidate>
        {state.error && <Alert>{state.error}</Alert>}
        {state.notice && !state.error && <Alert tone="success">{state.notice}</Alert>}
        <Field
          name="notificationUrl"
          label="Notification URL"
          optional
          type="url"
          placeholder="https://example.com/switchboard/events"
          defaultValue={state.values?.notificationUrl ?? notificationUrl}
          errors={state.fieldErrors?.notificationUrl}
          hint="We send events for this application here (incoming calls, messages). Leave it empty to receive none."
        />
        <Field
          name="description"
          label="Description"
          optional
          multiline
          maxLength={500}
          defaultValue={state.values?.description ?? description}
          errors={state.fieldErrors?.description}
          hint="Users see it when they are asked to authorize your application."
        />
        <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
      </form>
    </section>
  );
}
