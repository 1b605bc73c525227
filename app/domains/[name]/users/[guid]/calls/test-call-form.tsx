"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { card } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { FormState } from "@/lib/portal/form-state";
import { callerIdLabel } from "@/lib/core/text/format";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

const TEST_NUMBERS: Array<[string, string]> = [
  ["0001", "answers at once"],
  ["0002", "is busy"],
  ["0003", "never answers"],
  ["0004", "fails"],
];

/** Places a call on the telephony simulator; the simulator's behaviour is chosen by the number's last four digits. */
export function TestCallForm({ action, from, callerId }: { action: Action; from: string; callerId: string | null }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <section className={`${card} p-5`} aria-labelledby="test-call-heading">
      <h2 id="test-call-heading" className="font-semibold">
        Place a test call
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Calls run on the telephony simulator: nobody&apos;s phone rings, but the call, its events and its cost are real. The last four digits of a
        number choose what happens:
      </p>
      <ul className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2" data-testid="test-numbers">
        {TEST_NUMBERS.map(([digits, what]) => (
          <li key={digits}>
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">…{digits}</code> {what}
          </li>
        ))}
        <li className="sm:col-span-2">Any other number (or an address without digits) answers after a short ring and stays on until you hang up.</li>
      </ul>
      <form action={formAction} className="mt-4 space-y-4" noValidate>
        {state.error && <Alert title="The call was not placed">{state.error}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="from"
            label="From"
            required
            autoComplete="off"
            defaultValue={state.values?.from ?? from}
            hint="The first leg: one of the user's devices, or any address."
            errors={state.fieldErrors?.legs}
          />
          <Field
            name="to"
            label="To"
            required
            autoComplete="off"
            placeholder="tel:+1 555 010 0001"
            defaultValue={state.values?.to}
            hint="The second leg."
          />
        </div>
        <p className="text-sm text-slate-600">
          {callerId
            ? `Callers see ${callerIdLabel(callerId)}, the user's ${callerId.startsWith("service:") ? "purpose number" : "caller id"}.`
            : "Callers see no caller id: the user holds no purpose number."}
        </p>
        <SubmitButton pendingText="Calling…">Place call</SubmitButton>
      </form>
    </section>
  );
}
