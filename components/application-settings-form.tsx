"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "./alert";
import { Field } from "./field";
import { SubmitButton } from "./submit-button";
import { SwitchField } from "./switch-field";
import { card, input, link } from "./styles";

type State = { error?: string; notice?: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

export interface ApplicationSettings {
  displayName: string;
  description: string;
  notificationUrl: string;
  allow2legged: boolean;
  requireSignedBodies: boolean;
  /** "" for none. */
  defaultBillingAccountId: string;
}

export interface BillingAccountOption {
  accountId: string;
  name: string;
  currency: string;
}

/** Display name, description, notification URL and the two request-signing switches of an application. */
export function ApplicationSettingsForm({
  settings,
  billingAccounts,
  action,
}: {
  settings: ApplicationSettings;
  billingAccounts: BillingAccountOption[];
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
          name="displayName"
          label="Display name"
          maxLength={100}
          defaultValue={state.values?.displayName ?? settings.displayName}
          errors={state.fieldErrors?.displayName}
          hint="Shown to you and to users who authorize the application. The id does not change."
        />
        <Field
          name="notificationUrl"
          label="Notification URL"
          optional
          type="url"
          placeholder="https://example.com/switchboard/events"
          defaultValue={state.values?.notificationUrl ?? settings.notificationUrl}
          errors={state.fieldErrors?.notificationUrl}
          hint="We send events for this application here (incoming calls, messages). Leave it empty to receive none."
        />
        <Field
          name="description"
          label="Description"
          optional
          multiline
          maxLength={500}
          defaultValue={state.values?.description ?? settings.description}
          errors={state.fieldErrors?.description}
          hint="Users see it when they are asked to authorize your application."
        />
        <div>
          <label htmlFor="field-defaultBillingAccountId" className="block text-sm font-medium text-slate-800">
            Default billing account
          </label>
          <select
            id="field-defaultBillingAccountId"
            name="defaultBillingAccountId"
            defaultValue={state.values?.defaultBillingAccountId ?? settings.defaultBillingAccountId}
            aria-describedby="field-defaultBillingAccountId-hint"
            className={`${input} mt-1.5`}
          >
            <option value="">None: new users have no billing account</option>
            {billingAccounts.map((a) => (
              <option key={a.accountId} value={a.accountId}>
                {a.name} ({a.currency})
              </option>
            ))}
          </select>
          <p id="field-defaultBillingAccountId-hint" className="mt-1.5 text-xs text-slate-500">
            Users created through this application join it, unless the request names another accountId. Without a billing account a
            user cannot hold numbers, call or send messages. <Link href="/billing" className={link}>Billing accounts</Link>
          </p>
        </div>
        <fieldset className="space-y-4 border-t border-slate-100 pt-4">
          <legend className="sr-only">Request signing</legend>
          <SwitchField
            name="allow2legged"
            label="Allow two-legged requests"
            description="When on, requests signed with the consumer key alone (no user token) act as the application itself; when off, every request needs a user's access token."
            defaultChecked={state.values ? state.values.allow2legged === "on" : settings.allow2legged}
          />
          <SwitchField
            name="requireSignedBodies"
            label="Require signed request bodies"
            description="When on, a JSON body without oauth_body_hash (or xoauth_body_signature) is refused, so nobody can change it on the way."
            defaultChecked={state.values ? state.values.requireSignedBodies === "on" : settings.requireSignedBodies}
          />
        </fieldset>
        <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
      </form>
    </section>
  );
}
