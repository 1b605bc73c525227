"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { card, input, select } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { FormState } from "@/lib/portal/form-state";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/**
 * "Simulate an inbound call" / "Simulate an inbound SMS": the telephony simulator's network sends
 * something from any number to one of the user's purpose numbers (the REST simulator operations).
 */
export function SimulateInboundForm({
  kind,
  action,
  numbers,
  noNumbers,
}: {
  kind: "call" | "sms";
  action: Action;
  /** The user's purpose numbers (SMS-capable ones for an SMS), tel: addresses. */
  numbers: string[];
  /** What to say when the user holds none. */
  noNumbers: React.ReactNode;
}) {
  const [state, formAction] = useActionState(action, {});
  const v = state.notice ? undefined : state.values;
  const heading = kind === "call" ? "Simulate an inbound call" : "Simulate an inbound SMS";
  const id = `simulate-${kind}`;
  return (
    <section className={`${card} space-y-3 p-5`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="font-semibold">
        {heading}
      </h2>
      {numbers.length === 0 ? (
        <p className="text-sm text-slate-600">{noNumbers}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            {kind === "call"
              ? "Someone calls one of the user's purpose numbers: the call rings the user for 20 simulated " +
                "seconds, nobody answers, and the platform's not-answered handling (voicemail) runs. The " +
                "same as POST /simulator/inbound-call."
              : "Someone texts one of the user's SMS numbers: the SMS lands in the inbox with a NewSms event. The same as POST /simulator/inbound-sms."}
          </p>
          <form action={formAction} className="space-y-3" noValidate aria-label={heading}>
            {state.error && <Alert title={kind === "call" ? "The call did not come in" : "The SMS did not come in"}>{state.error}</Alert>}
            {state.notice && <Alert tone="success">{state.notice}</Alert>}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                id={`${id}-from`}
                name="from"
                label="From"
                required
                autoComplete="off"
                defaultValue={v?.from ?? "tel:+1 555 010 9999"}
                hint={kind === "call" ? "Any phone number: the caller." : "Any phone number: the sender."}
                errors={state.fieldErrors?.from}
              />
              <div>
                <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
                  To
                </label>
                <select id={`${id}-to`} name="to" className={`${select} mt-1.5`} defaultValue={v?.to ?? numbers[0]}>
                  {numbers.map((n) => (
                    <option key={n} value={n}>
                      {n.replace("tel:", "+")}
                    </option>
                  ))}
                </select>
                {state.fieldErrors?.to && <p className="mt-1 text-sm text-red-700">To {state.fieldErrors.to.join(" ")}</p>}
              </div>
            </div>
            {kind === "sms" && (
              <div>
                <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-800">
                  Message
                </label>
                <textarea
                  id={`${id}-body`}
                  name="body"
                  rows={2}
                  maxLength={1600}
                  required
                  className={`${input} mt-1.5`}
                  defaultValue={v?.body}
                  aria-invalid={state.fieldErrors?.body ? true : undefined}
                />
                {state.fieldErrors?.body && <p className="mt-1 text-sm text-red-700">Message {state.fieldErrors.body.join(" ")}</p>}
              </div>
            )}
            <SubmitButton pendingText={kind === "call" ? "Calling…" : "Sending…"}>
              {kind === "call" ? "Simulate the call" : "Simulate the SMS"}
            </SubmitButton>
          </form>
        </>
      )}
    </section>
  );
}
