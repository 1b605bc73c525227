"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { card } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { FormState } from "@/lib/portal/form-state";
import type { ServiceEntry } from "@/lib/services/schemas";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/** One transcription service of the user: what it transcribes (voicemail, folders), as PUT /services sets it. */
function ServiceForm({ service, action }: { service: ServiceEntry; action: Action }) {
  const [state, formAction] = useActionState(action, {});
  const slug = service.id.replace(/[^a-z0-9]+/gi, "-");
  return (
    <li className="space-y-3 rounded-md border border-slate-200 p-4" data-testid={`service-${service.id}`}>
      <div>
        <p className="text-sm font-medium text-slate-900">
          {service.name} <span className="font-mono text-xs font-normal text-slate-500">{service.id}</span>
        </p>
        <p className="text-sm text-slate-600">{service.description}</p>
      </div>
      <form action={formAction} className="space-y-3" noValidate aria-label={`${service.name} settings`}>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" name="voicemail" defaultChecked={service.voicemail} className="mt-0.5 h-4 w-4 accent-brand-500" />
          <span>Transcribe every new voicemail</span>
        </label>
        <Field
          id={`folders-${slug}`}
          name="folders"
          label="Folders"
          optional
          autoComplete="off"
          placeholder="inbox, archive"
          defaultValue={state.values?.folders ?? service.folders.join(", ")}
          errors={state.fieldErrors?.folders}
          hint="Audio messages that arrive in, or are moved to, these folders are transcribed too. Separate them with commas."
        />
        <SubmitButton pendingText="Saving…">Save transcription</SubmitButton>
        {state.error && !state.fieldErrors && <Alert title="Not saved">{state.error}</Alert>}
        {state.notice && <Alert tone="success">{state.notice}</Alert>}
      </form>
    </li>
  );
}

/** The user's transcription services (GET /services/<guid>), each with its settings. */
export function TranscriptionServices({ services, actions }: { services: ServiceEntry[]; actions: Record<string, Action> }) {
  return (
    <section className={`${card} p-5`} aria-labelledby="transcription-heading">
      <h2 id="transcription-heading" className="font-semibold">
        Transcription
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose which service writes transcripts of this user&apos;s voicemail and audio messages; they show under each message on the Messages page.
      </p>
      <ul className="mt-4 space-y-3">
        {services.map((s) => (
          <ServiceForm key={s.id} service={s} action={actions[s.id]!} />
        ))}
      </ul>
    </section>
  );
}
