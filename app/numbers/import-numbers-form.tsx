"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { card, fileInput, input } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { FormState } from "@/lib/portal/form-state";

/** The operator's way to extend the inventory from the portal (the CLI: npm run numbers:import). */
export function ImportNumbersForm({ action }: { action: (prev: FormState, formData: FormData) => Promise<FormState> }) {
  const [state, formAction] = useActionState(action, {});
  return (
    <section className={`${card} p-5`} aria-labelledby="import-heading">
      <h2 id="import-heading" className="font-semibold">
        Import numbers
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        One number per line: <code className="font-mono">number,country,sms</code>, e.g. <code className="font-mono">+44 7700 900123,GBR,true</code>.
        Only numbers you may give to users. From a shell: <code className="font-mono">npm run numbers:import -- file.csv</code>.
      </p>
      <form action={formAction} className="mt-4 space-y-4">
        {state.error && <Alert title="Nothing was imported">{state.error}</Alert>}
        {state.notice && <Alert tone="success">{state.notice}</Alert>}
        <div>
          <label htmlFor="import-csv" className="block text-sm font-medium text-slate-800">
            Numbers (CSV)
          </label>
          <textarea
            id="import-csv"
            name="csv"
            rows={5}
            className={`${input} mt-1.5 font-mono`}
            defaultValue={state.notice ? "" : state.values?.csv}
            placeholder={"number,country,sms\n+44 7700 900123,GBR,true"}
          />
        </div>
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
            Or a CSV file
          </label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv,text/plain" className={`${fileInput} mt-1.5`} />
        </div>
        <SubmitButton pendingText="Importing…">Import</SubmitButton>
      </form>
    </section>
  );
}
