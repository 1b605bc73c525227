"use client";

import { useState } from "react";
import { Alert } from "./alert";
import { ConfirmForm } from "./confirm-form";
import { SubmitButton } from "./submit-button";
import { buttonDanger, buttonSecondary, card } from "./styles";

type Result = { error?: string; data?: { sessions: number } };

/**
 * Deletes an application after a confirmation that says what goes with it. While users are signed
 * in to it, the server refuses and a second confirmation offers to sign them out and delete.
 */
export function DeleteApplicationForm({ displayName, action }: { displayName: string; action: (force: boolean) => Promise<Result> }) {
  const [result, setResult] = useState<Result>({});
  const sessions = result.data?.sessions;
  return (
    <section className={`${card} space-y-4 p-5`} aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="font-semibold">
        Delete application
      </h2>
      <p className="text-sm text-slate-600">
        Deleting removes the application, its keys, its users&apos; sign-ins to it and its event log. Its domain and the domain&apos;s users stay.
      </p>
      {result.error && <Alert>{result.error}</Alert>}
      {sessions === undefined ? (
        <ConfirmForm
          action={async () => setResult(await action(false))}
          label="Delete application"
          confirmLabel="Yes, delete it"
          question={
            <>
              Delete <strong>{displayName}</strong>? Requests signed with its consumer key fail at once. This cannot be undone.
            </>
          }
        />
      ) : (
        <Alert tone="warning" title={`${sessions === 1 ? "1 user is" : `${sessions} users are`} signed in to ${displayName}`}>
          <p>Deleting it ends their sessions at once: its users are signed out and must sign in to another application.</p>
          <form action={async () => setResult(await action(true))} className="mt-3 flex flex-wrap gap-2">
            <SubmitButton className={buttonDanger} pendingText="Deleting…">
              Sign them out and delete
            </SubmitButton>
            <button type="button" onClick={() => setResult({})} className={buttonSecondary}>
              Keep the application
            </button>
          </form>
        </Alert>
      )}
    </section>
  );
}
