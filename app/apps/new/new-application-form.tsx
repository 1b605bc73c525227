"use client";

import Link from "next/link";
import { useActionState, useState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonSecondary } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";
import { slugify } from "@/lib/portal/slug";
import { createApplicationAction } from "../actions";

export function NewApplicationForm({ domains, initialDomain }: { domains: string[]; initialDomain: string }) {
  const [state, action] = useActionState(createApplicationAction, {} as FormState);
  const [displayName, setDisplayName] = useState(state.values?.displayName ?? "");
  const [name, setName] = useState(state.values?.name ?? "");
  const [domain, setDomain] = useState(state.values?.domain ?? initialDomain);
  // Left empty, the name follows the display name; the server derives it the same way. The domain is never guessed.
  const derivedName = name.trim() || slugify(displayName);
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} className="space-y-6" noValidate>
      {state.error && <Alert title="The application was not created">{state.error}</Alert>}
      <Field
        name="displayName"
        label="Display name"
        required
        maxLength={100}
        placeholder="My Test App"
        value={displayName}
        onChange={(e) => setDisplayName(e.currentTarget.value)}
        errors={errors.displayName}
        hint="Shown to you and to users who authorize the application. Spaces are fine."
      />
      <Field
        name="name"
        label="Name in the id"
        optional
        maxLength={64}
        placeholder={slugify(displayName) || "my-test-app"}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        errors={errors.name}
        hint={
          <>
            Letters, digits, dots, dashes and underscores; left empty, made from the display name. The public id is{" "}
            <span className="font-mono">
              {domain.trim() || "<domain>"}:{derivedName || "<name>"}
            </span>{" "}
            and cannot change later.
          </>
        }
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
          maxLength={63}
          list="your-domains"
          autoComplete="off"
          placeholder="One of yours, or a new name"
          value={domain}
          onChange={(e) => setDomain(e.currentTarget.value)}
          errors={errors.domain}
          hint={
            <>
              One of your domains, or the name of a new one to create. A domain holds the users of its applications.
              {domains.length > 0 && <> Yours: {domains.join(", ")}.</>}
            </>
          }
        />
        <p className="mt-1.5 text-sm" data-testid="domain-choice" aria-live="polite">
          {!domain.trim() ? (
            // After the server's "is required" (which hides the hint), the note still names the developer's domains.
            <span className="text-slate-500">
              {errors.domain ? (domains.length > 0 ? `Yours: ${domains.join(", ")}.` : "") : "Required: no domain is created unless you name it."}
            </span>
          ) : domains.includes(domain.trim()) ? (
            <span className="text-slate-700">
              In your domain <strong className="font-medium">{domain.trim()}</strong>, beside its users.
            </span>
          ) : (
            <span className="text-amber-800">
              New domain: <strong className="font-medium">{domain.trim()}</strong> will be created for this application.
            </span>
          )}
        </p>
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
