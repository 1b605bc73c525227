"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/alert";
import { ConfirmForm } from "@/components/confirm-form";
import { Field } from "@/components/field";
import { SubmitButton } from "@/components/submit-button";
import { buttonPrimary, card, select } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/** A titled card holding one form, with its error or success message above the fields. */
function FormCard({
  id,
  title,
  description,
  action,
  failure,
  children,
}: {
  id: string;
  title: string;
  description?: React.ReactNode;
  action: Action;
  /** Title of the alert when the form failed. */
  failure: string;
  children: (state: FormState) => React.ReactNode;
}) {
  const [state, formAction] = useActionState(action, {} as FormState);
  return (
    <section className={`${card} p-5`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="font-semibold">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <form action={formAction} className="mt-4 space-y-4" noValidate>
        {state.error && <Alert title={failure}>{state.error}</Alert>}
        {state.notice && !state.error && <Alert tone="success">{state.notice}</Alert>}
        {children(state)}
      </form>
    </section>
  );
}

const amountProps = { inputMode: "decimal", autoComplete: "off", maxLength: 17 } as const;

export function NewBillingAccountForm({ currencies, action }: { currencies: string[]; action: Action }) {
  return (
    <FormCard id="new-account" title="New billing account" failure="The account was not created" action={action}>
      {(state) => (
        <>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <Field
              name="name"
              label="Name"
              required
              maxLength={100}
              autoComplete="off"
              placeholder="Acme production"
              defaultValue={state.values?.name}
              errors={state.fieldErrors?.name}
            />
            <div>
              <label htmlFor="field-currency" className="block text-sm font-medium text-slate-800">
                Currency
              </label>
              <select id="field-currency" name="currency" defaultValue={state.values?.currency ?? currencies[0]} className={`${select} mt-1.5`}>
                {currencies.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
              {state.fieldErrors?.currency && <p className="mt-1.5 text-sm text-red-700">Currency {state.fieldErrors.currency.join(". ")}</p>}
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              name="credit"
              label="Opening credit"
              optional
              {...amountProps}
              placeholder="0.00"
              defaultValue={state.values?.credit}
              errors={state.fieldErrors?.credit}
              hint="Written to the ledger as the first top-up."
            />
            <Field
              name="lowCreditThreshold"
              label="Low-credit threshold"
              optional
              {...amountProps}
              placeholder="0.00"
              defaultValue={state.values?.lowCreditThreshold}
              errors={state.fieldErrors?.lowCreditThreshold}
              hint="A CreditLow event is sent when the balance drops below it."
            />
          </div>
          <SubmitButton pendingText="Creating…">Create account</SubmitButton>
        </>
      )}
    </FormCard>
  );
}

export function TopUpForm({ currency, action }: { currency: string; action: Action }) {
  return (
    <FormCard
      id="top-up"
      title="Add credit"
      description="A manual top-up: no payment is taken here. It appears in the ledger at once."
      failure="No credit was added"
      action={action}
    >
      {(state) => (
        <>
          <Field
            name="amount"
            label={`Amount (${currency})`}
            required
            {...amountProps}
            placeholder="25.00"
            defaultValue={state.values?.amount}
            errors={state.fieldErrors?.amount}
          />
          <Field
            name="note"
            label="Note"
            optional
            maxLength={200}
            placeholder="Invoice 2026-114"
            defaultValue={state.values?.note}
            errors={state.fieldErrors?.note}
            hint="Shown in the ledger."
          />
          <SubmitButton pendingText="Adding…">Add credit</SubmitButton>
        </>
      )}
    </FormCard>
  );
}

export function AddMemberForm({ candidates, action }: { candidates: Array<{ ref: string; name: string }>; action: Action }) {
  return (
    <FormCard
      id="add-member"
      title="Add a member"
      description={
        <>
          A user of one of your domains, as <span className="font-mono">domain:login</span> or its GUID. A user belongs to one account: adding moves
          it here.
        </>
      }
      failure="The user was not added"
      action={action}
    >
      {(state) => (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field
            name="user"
            label="User"
            required
            list="member-candidates"
            autoComplete="off"
            placeholder="demo:ada"
            defaultValue={state.values?.user}
            errors={state.fieldErrors?.user}
            className="min-w-0 flex-1"
          />
          <datalist id="member-candidates">
            {candidates.map((c) => (
              <option key={c.ref} value={c.ref}>
                {c.name || undefined}
              </option>
            ))}
          </datalist>
          <SubmitButton pendingText="Adding…" className={`${buttonPrimary} shrink-0 sm:mt-7`}>
            Add member
          </SubmitButton>
        </div>
      )}
    </FormCard>
  );
}

export function AccountSettingsForm({ name, lowCreditThreshold, action }: { name: string; lowCreditThreshold: string; action: Action }) {
  return (
    <FormCard
      id="account-settings"
      title="Settings"
      description="The currency is fixed when the account is created."
      failure="The settings were not saved"
      action={action}
    >
      {(state) => (
        <>
          <Field name="name" label="Name" required maxLength={100} defaultValue={state.values?.name ?? name} errors={state.fieldErrors?.name} />
          <Field
            name="lowCreditThreshold"
            label="Low-credit threshold"
            {...amountProps}
            defaultValue={state.values?.lowCreditThreshold ?? lowCreditThreshold}
            errors={state.fieldErrors?.lowCreditThreshold}
            hint="0 turns the CreditLow event off."
          />
          <SubmitButton pendingText="Saving…">Save settings</SubmitButton>
        </>
      )}
    </FormCard>
  );
}

export function RemoveMemberButton({ userRef, action }: { userRef: string; action: () => Promise<FormState> }) {
  const [error, setError] = useState<string>();
  return (
    <div className="flex flex-col items-end gap-2">
      <ConfirmForm
        small
        label="Remove"
        confirmLabel={`Remove ${userRef}`}
        question={
          <>
            Remove <strong className="break-all">{userRef}</strong>? Until it joins another account it cannot hold numbers, call or send messages.
          </>
        }
        action={async () => setError((await action()).error)}
      />
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
