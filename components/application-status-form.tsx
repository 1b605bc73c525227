"use client";

import { useActionState } from "react";
import { Alert } from "./alert";
import { ConfirmForm } from "./confirm-form";
import { StatusBadge } from "./status-badge";
import { SubmitButton } from "./submit-button";
import { card } from "./styles";

type State = { error?: string; notice?: string };

/** Suspend (with confirmation) or reactivate an application, saying what that means. */
export function ApplicationStatusForm({ suspended, action }: { suspended: boolean; action: (prev: State) => Promise<State> }) {
  const [state, formAction] = useActionState(action, {} as State);
  return (
    <section className={`${card} space-y-4 p-5`} aria-labelledby="status-heading">
      <div className="flex items-center gap-3">
        <h2 id="status-heading" className="font-semibold">
          Status
        </h2>
        <StatusBadge suspended={suspended} />
      </div>
      {/* The badge and the explanation below change with the state: no extra success message needed. */}
      {state.error && <Alert>{state.error}</Alert>}
      {suspended ? (
        <>
          <p className="text-sm text-slate-600">
            This application is suspended: every API request signed with its key is refused, and users cannot authorize it. Nothing was deleted.
            Reactivate it to let it work again with the same keys.
          </p>
          <form action={formAction}>
            <SubmitButton pendingText="Reactivating…">Reactivate application</SubmitButton>
          </form>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Suspending stops the application at once: every API request signed with its key is refused and users cannot authorize it, until you
            reactivate it. Its keys, users and data are kept.
          </p>
          <ConfirmForm
            action={() => formAction()}
            label="Suspend application"
            confirmLabel="Yes, suspend it"
            question="Suspend this application? Its requests are refused until you reactivate it."
          />
        </>
      )}
    </section>
  );
}
