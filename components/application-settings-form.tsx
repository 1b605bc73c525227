"use client";

import Link from "next/link";
import { useActionState } from "react";
import type { EventNaming } from "@/lib/outbox/original-names";
import { Alert } from "./alert";
import { Field } from "./field";
import { SubmitButton } from "./submit-button";
import { SwitchField } from "./switch-field";
import { card, link, select } from "./styles";

type State = { error?: string; notice?: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

export interface ApplicationSettings {
  displayName: string;
  description: string;
  notificationUrl: string;
  allow2legged: boolean;
  requireSignedBodies: boolean;
  eventNames: EventNaming;
  /** "" for none. */
  defaultBillingAccountId: string;
  allowJsonTunnel: boolean;
  legacyOAuth10: boolean;
  serviceProvider: boolean;
  testTool: boolean;
  callbackUrlPrefixes: string[];
}

export interface BillingAccountOption {
  accountId: string;
  name: string;
  currency: string;
}

type Switch = {
  name: "allow2legged" | "requireSignedBodies" | "allowJsonTunnel" | "legacyOAuth10" | "serviceProvider" | "testTool";
  label: string;
  description: string;
};

const SIGNING_SWITCHES: Switch[] = [
  {
    name: "allow2legged",
    label: "Allow two-legged requests",
    description:
      "When on, requests signed with the consumer key alone (no user token) act as the " +
      "application itself; when off, every request needs a user's access token.",
  },
  {
    name: "requireSignedBodies",
    label: "Require signed request bodies",
    description: "When on, a JSON body without oauth_body_hash (or xoauth_body_signature) is refused, so nobody can change it on the way.",
  },
];

const TEST_TOOL_SWITCH: Switch = {
  name: "testTool",
  label: "Test tool: may move the simulator's clock",
  description:
    "Two-legged requests may move this domain's telephony simulator clock (POST " +
    "/simulator/clock): its calls then answer, hang up and pay their minutes as if the time had " +
    "passed. Other domains never move.",
};

const LEGACY_SWITCHES: Switch[] = [
  {
    name: "allowJsonTunnel",
    label: "Allow the browser tunnel (w=JS)",
    description:
      "For web pages built on the original JavaScript library: every call arrives as a script GET " +
      "and is answered as JavaScript any site can load. Leave it off unless you run such a page.",
  },
  {
    name: "legacyOAuth10",
    label: "Allow the legacy OAuth 1.0 flow",
    description:
      "The original three-legged sign-in without a verifier. It is open to session fixation; use " +
      "it only for old applications, together with the callback prefixes above.",
  },
  {
    name: "serviceProvider",
    label: "Service provider: act as users",
    description:
      "Two-legged requests with X-BT-Ribbit-SP-UserId (or X-Service-SP-UserId) act as that user " +
      "of this application's domain. Anyone with the consumer secret can then act as any user of " +
      "the domain.",
  },
];

/** A labelled drop-down with its hint, or the server's messages for it. */
function SelectField(props: {
  name: string;
  label: string;
  defaultValue: string;
  hint: React.ReactNode;
  errors?: string[];
  children: React.ReactNode;
}) {
  const { name, label, hint, errors } = props;
  const id = `field-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={props.defaultValue}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : `${id}-hint`}
        className={`${select} mt-1.5`}
      >
        {props.children}
      </select>
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {errors.map((e) => `${label} ${e}`).join(". ")}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Display name, description, notification URL, the request-signing switches and the original clients' settings of an application. */
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
  const checked = (name: Switch["name"]) => (state.values ? state.values[name] === "on" : settings[name]);
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
        <SelectField
          name="defaultBillingAccountId"
          label="Default billing account"
          defaultValue={state.values?.defaultBillingAccountId ?? settings.defaultBillingAccountId}
          errors={state.fieldErrors?.defaultBillingAccountId}
          hint={
            <>
              Users created through this application join it, unless the request names another accountId. Without a billing account a user cannot hold
              numbers, call or send messages.{" "}
              <Link href="/billing" className={link}>
                Billing accounts
              </Link>
            </>
          }
        >
          <option value="">None: new users have no billing account</option>
          {billingAccounts.map((a) => (
            <option key={a.accountId} value={a.accountId}>
              {a.name} ({a.currency})
            </option>
          ))}
        </SelectField>
        <fieldset className="space-y-4 border-t border-slate-100 pt-4">
          <legend className="sr-only">Request signing</legend>
          {SIGNING_SWITCHES.map((toggle) => (
            <SwitchField key={toggle.name} {...toggle} defaultChecked={checked(toggle.name)} />
          ))}
        </fieldset>
        <fieldset className="border-t border-slate-100 pt-4">
          <legend className="sr-only">Testing</legend>
          <SwitchField {...TEST_TOOL_SWITCH} defaultChecked={checked("testTool")} />
        </fieldset>
        <fieldset className="space-y-4 border-t border-slate-100 pt-4">
          <legend className="text-sm font-semibold text-slate-800">Sign-in callbacks and original client libraries</legend>
          <Field
            name="callbackUrlPrefixes"
            label="Allowed callback URL prefixes"
            optional
            multiline
            maxLength={5100}
            placeholder="https://example.com/oauth/callback"
            defaultValue={state.values?.callbackUrlPrefixes ?? settings.callbackUrlPrefixes.join("\n")}
            errors={state.fieldErrors?.callbackUrlPrefixes}
            hint={
              "One per line, at most 10. After a user approves your application we only send them back to " +
              "a URL under one of these; with none, only out-of-band (oob) sign-in works."
            }
          />
          <SelectField
            name="eventNames"
            label="Event names"
            defaultValue={state.values?.eventNames ?? settings.eventNames}
            errors={state.fieldErrors?.eventNames}
            hint={
              "Original platform: webhook events go as the original platform named them " +
              "(cc_call_incoming, newvoicemail, deletemessage, …), for receivers written for it."
            }
          >
            <option value="current">Current</option>
            <option value="original">Original platform</option>
          </SelectField>
          {LEGACY_SWITCHES.map((toggle) => (
            <SwitchField key={toggle.name} {...toggle} defaultChecked={checked(toggle.name)} />
          ))}
        </fieldset>
        <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
      </form>
    </section>
  );
}
