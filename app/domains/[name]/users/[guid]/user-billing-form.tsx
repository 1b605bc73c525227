"use client";

import Link from "next/link";
import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { CreditStatusBadge } from "@/components/credit-status-badge";
import { SubmitButton } from "@/components/submit-button";
import { card, link, select } from "@/components/styles";
import type { FormState } from "@/lib/portal/form-state";

export interface AccountChoice {
  accountId: string;
  name: string;
  currency: string;
  balance: string;
  status: "ok" | "low" | "exhausted";
}

/** The user's billing account (who pays for its numbers, calls and messages) and a select to change it. */
export function UserBillingForm({
  current,
  accounts,
  action,
}: {
  current: AccountChoice | null;
  accounts: AccountChoice[];
  action: (prev: FormState, formData: FormData) => Promise<FormState>;
}) {
  const [state, formAction] = useActionState(action, {} as FormState);
  return (
    <section className={`${card} p-5`} aria-labelledby="billing-heading">
      <h2 id="billing-heading" className="font-semibold">
        Billing account
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="user-billing-account">
        {current ? (
          <>
            <Link href={`/billing/${current.accountId}`} className={link}>
              {current.name}
            </Link>{" "}
            pays for this user&apos;s numbers, calls and messages. Balance{" "}
            <span className="font-medium whitespace-nowrap text-slate-800">
              {current.balance} {current.currency}
            </span>{" "}
            <CreditStatusBadge status={current.status} />
          </>
        ) : (
          "None: this user cannot hold numbers, call or send messages until it joins one."
        )}
      </p>
      <form action={formAction} className="mt-4 flex flex-wrap items-end gap-3" noValidate>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="user-account" className="block text-sm font-medium text-slate-800">
            Change to
          </label>
          <select
            key={current?.accountId ?? "none"}
            id="user-account"
            name="accountId"
            defaultValue={current?.accountId ?? ""}
            className={`${select} mt-1`}
          >
            <option value="">None</option>
            {accounts.map((a) => (
              <option key={a.accountId} value={a.accountId}>
                {a.name} ({a.balance} {a.currency})
              </option>
            ))}
          </select>
        </div>
        <SubmitButton pendingText="Saving…">Save billing account</SubmitButton>
      </form>
      {state.error && (
        <div className="mt-3">
          <Alert title="The billing account was not changed">{state.error}</Alert>
        </div>
      )}
      {state.notice && (
        <div className="mt-3">
          <Alert tone="success">{state.notice}</Alert>
        </div>
      )}
    </section>
  );
}
