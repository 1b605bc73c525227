"use client";

import { useActionState, useState } from "react";
import { Alert } from "./alert";
import { ConfirmForm } from "./confirm-form";
import { SubmitButton } from "./submit-button";
import { buttonPrimary, buttonSecondary, buttonSmall, input } from "./styles";

type State = { error?: string; notice?: string; fieldErrors?: Record<string, string[]> };

/** Per-user actions in the users table: set a new password (marked for reset) and delete. */
export function UserRowActions({
  login,
  resetAction,
  deleteAction,
}: {
  login: string;
  resetAction: (prev: State, formData: FormData) => Promise<State>;
  deleteAction: () => Promise<State>;
}) {
  const [resetting, setResetting] = useState(false);
  const [resetState, resetFormAction] = useActionState(async (prev: State, formData: FormData) => {
    const next = await resetAction(prev, formData);
    if (next.notice) setResetting(false);
    return next;
  }, {} as State);
  const [deleteError, setDeleteError] = useState<string>();
  const passwordError = resetState.fieldErrors?.password?.map((m) => `Password ${m}`).join(". ") ?? resetState.error;

  return (
    <div className="flex flex-col items-end gap-2">
      {!resetting && (
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => setResetting(true)} className={`${buttonSecondary} ${buttonSmall}`}>
            Reset password
          </button>
          <ConfirmForm
            small
            label="Delete"
            confirmLabel={`Delete ${login}`}
            question={
              <>
                Delete <strong>{login}</strong>? Their devices and access tokens are deleted too. This cannot be undone.
              </>
            }
            action={async () => {
              const result = await deleteAction();
              setDeleteError(result.error);
            }}
          />
        </div>
      )}
      {resetting && (
        <form action={resetFormAction} className="w-full max-w-sm space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-left" noValidate>
          <label htmlFor={`reset-${login}`} className="block text-sm font-medium text-slate-800">
            New password for {login}
          </label>
          <input
            id={`reset-${login}`}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            className={input}
            aria-invalid={passwordError ? true : undefined}
          />
          <p className="text-xs text-slate-500">At least 8 characters. The user is asked to change it at the next sign-in.</p>
          {passwordError && <p className="text-sm text-red-700">{passwordError}</p>}
          <div className="flex gap-2">
            <SubmitButton className={`${buttonPrimary} ${buttonSmall}`} pendingText="Saving…">
              Set password
            </SubmitButton>
            <button type="button" onClick={() => setResetting(false)} className={`${buttonSecondary} ${buttonSmall}`}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {resetState.notice && !resetting && (
        <p role="status" className="text-sm text-emerald-700">
          {resetState.notice}
        </p>
      )}
      {deleteError && <Alert>{deleteError}</Alert>}
    </div>
  );
}
