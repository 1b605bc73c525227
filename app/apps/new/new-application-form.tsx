"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonSecondary } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";
import { createApplicationAction } from "../actions";

/** "My_App 2" -> "my-app-2": a domain name the server accepts. */
function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, "-")
    .replace(/^[-.]+|[-.]+$/g, "")
    .slice(0, 63)
    .replace(/[-.]+$/g, "");
}

export function NewApplicationForm({ domains }: { domains: string[] }) {
  const [state, action] = useActionState(createApplicationAction, {} as FormState);
  const [domain, setDomain] = useState(state.values?.domain ?? "");
  const [domainEdited, setDomainEdited] = useState(false);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="space-y-6" noValidate>
      {state.error && <Alert title="The application was not created">{state.error}</Alert>}
      <Field
        name="name"
        label="Name"
        required
        maxLength={64}
        placeholder="my-app"
        defaultValue={state.values?.name}
        errors={errors.name}
        hint="Letters, digits, dots, dashes and underscores. Its public id is <domain>:<name>."
        onChange={(e) => {
          if (!domainEdited) setDomain(slugify(e.currentTarget.value));
        }}
      />
      <Field
        name="description"
        label="Description"
        optional
        multiline
        maxLength={500}
        defaultValue={state.values?.description}
        errors={errors.description}
        hint="Users see it when they are asked to authorize your application."
      />
      <Field
        name="notificationUrl"
        label="Notification URL"
        optional
        type="url"
        placeholder="https://example.com/switchboard/events"
        defaultValue={state.values?.notificationUrl}
        errors={errors.notificationUrl}
        hint="Where we send events (incoming calls, messages). You can set it later."
      />
      <div>
        <Field
          name="domain"
          label="Domain"
          required
          maxLength={63}
          list="your-domains"
          autoComplete="off"
          value={domain}
          onChange={(e) => {
            setDomainEdited(true);
            setDomain(e.currentTarget.value);
          }}
          errors={errors.domain}
          hint={
            <>
              An existing domain of yours, or a new one to create. A domain holds the users of its applications.
              {domains.length > 0 && <> Yours: {domains.join(", ")}.</>}
            </>
          }
        />
        <datalist id="your-domains">
          {domains.map((d) => (
            <option key={d} value={d} />
          ))}
        </datalist>
      </div>
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-5">
        <SubmitButton pendingText="Creating…">Create application</SubmitButton>
        <Link href="/apps" className={buttonSecondary}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
