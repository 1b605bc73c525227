"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { Field } from "@/components/field";
import { card } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { FormState } from "@/lib/portal/form-state";
import { countOf } from "@/lib/core/text/count-of";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/** Moves the simulator's clock of one domain forward: its calls answer, hang up and are billed as if that time had passed. */
export function SimulatorClockForm({ action, domain, offsetSeconds }: { action: Action; domain: string; offsetSeconds: number }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <section className={`${card} p-5`} aria-labelledby="simulator-clock-heading">
      <h2 id="simulator-clock-heading" className="font-semibold">
        Simulator clock
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Moves simulated time forward for the calls of domain {domain} only, so you need not wait: rings end, numbers hang up and each connected minute
        is charged as if the time had passed. It runs{" "}
        <span data-testid="clock-offset">{offsetSeconds > 0 ? `${countOf(offsetSeconds, "second")} ahead of real time` : "on real time"}</span>.
      </p>
      <form action={formAction} className="mt-4 space-y-4" noValidate>
        {state.error && <Alert title="The clock did not move">{state.error}</Alert>}
        {state.notice && !state.error && <Alert tone="success">{state.notice}</Alert>}
        <Field
          name="advanceSeconds"
          label="Seconds"
          className="sm:max-w-xs"
          type="number"
          required
          inputMode="numeric"
          defaultValue={state.values?.advanceSeconds ?? "60"}
          hint="From 1 to 86400 (a day)."
          errors={state.fieldErrors?.advanceSeconds}
        />
        <SubmitButton pendingText="Moving…">Move clock forward</SubmitButton>
      </form>
    </section>
  );
}
