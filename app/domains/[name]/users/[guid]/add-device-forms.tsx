"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { card, link, select } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { FormState } from "@/lib/portal/form-state";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/** Adds an address the user already has: a phone, SIP, Skype, XMPP or email address. */
export function AddDeviceForm({ action, mailbox }: { action: Action; mailbox: boolean }) {
  const [state, formAction] = useActionState(action, {});
  const v = state.notice ? undefined : state.values;
  return (
    <section className={`${card} p-5`} aria-labelledby="add-device-heading">
      <h2 id="add-device-heading" className="font-semibold">
        Add a device
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        An address with its scheme. Email addresses get a verification email
        {mailbox ? (
          <>
            {" "}
            (read it on the{" "}
            <Link href="/mailbox" className={link}>
              Mailbox
            </Link>{" "}
            page)
          </>
        ) : null}
        .
      </p>
      <form action={formAction} className="mt-4 space-y-4" noValidate>
        {state.error && <Alert title="The device was not added">{state.error}</Alert>}
        {state.notice && <Alert tone="success">{state.notice}</Alert>}
        <Field
          name="id"
          label="Address"
          required
          autoComplete="off"
          placeholder="tel:+44 20 7946 0123"
          hint="tel:+<country code and number>, mailto:ada@example.com, sip:ada@example.com, skype:name or xmpp:ada@example.com"
          defaultValue={v?.id}
          errors={state.fieldErrors?.id}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="name" label="Name" optional autoComplete="off" defaultValue={v?.name} errors={state.fieldErrors?.name} />
          <Field
            name="label"
            label="Label"
            optional
            autoComplete="off"
            placeholder="work, home…"
            defaultValue={v?.label}
            errors={state.fieldErrors?.label}
          />
        </div>
        <SubmitButton pendingText="Adding…">Add device</SubmitButton>
      </form>
    </section>
  );
}

/** Gives the user a number from the inventory; its billing account pays the month. */
export function PurposeNumberForm({
  action,
  countries,
  billed,
  defaultCountry,
}: {
  action: Action;
  countries: Array<{ country: string; available: number; sms: number }>;
  billed: boolean;
  /** The country to offer first (lib/numbers/home-country.ts), when it has free numbers. */
  defaultCountry?: string;
}) {
  const [state, formAction] = useActionState(action, {});
  return (
    <section className={`${card} p-5`} aria-labelledby="purpose-heading">
      <h2 id="purpose-heading" className="font-semibold">
        Add a purpose number
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        An inbound number from the{" "}
        <Link href="/numbers" className={link}>
          number inventory
        </Link>
        . Callers reach the user&apos;s voicemail; the user&apos;s billing account pays each month.
      </p>
      {!billed && (
        <div className="mt-4">
          <Alert tone="warning" title="This user is in no billing account">
            Choose one under Billing account above first (or create one on the{" "}
            <Link href="/billing" className={link}>
              Billing
            </Link>{" "}
            page): numbers are refused without one.
          </Alert>
        </div>
      )}
      {countries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">The inventory has no free numbers right now.</p>
      ) : (
        <form action={formAction} className="mt-4 space-y-4" noValidate>
          {state.error && <Alert title="No number was allocated">{state.error}</Alert>}
          {state.notice && <Alert tone="success">{state.notice}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="purpose-country" className="block text-sm font-medium text-slate-800">
                Country
              </label>
              <select
                id="purpose-country"
                name="country"
                className={`${select} mt-1.5`}
                defaultValue={countries.find((c) => c.country === defaultCountry)?.country ?? countries[0]!.country}
              >
                {countries.map((c) => (
                  <option key={c.country} value={c.country}>
                    {`${c.country} (${c.available} free, ${c.sms} with SMS)`}
                  </option>
                ))}
              </select>
            </div>
            <Field
              id="purpose-name"
              name="name"
              label="Name"
              optional
              autoComplete="off"
              placeholder="Support line"
              errors={state.fieldErrors?.name}
            />
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="sms" className="h-4 w-4 accent-brand-500" />
            Only a number that can send and receive SMS
          </label>
          <SubmitButton pendingText="Allocating…">Allocate a number</SubmitButton>
        </form>
      )}
    </section>
  );
}
