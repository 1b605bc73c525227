"use client";

import { useActionState } from "react";
import { Alert } from "@/components/alert";
import { ConfirmForm } from "@/components/confirm-form";
import { Field } from "@/components/field";
import { buttonSecondary, buttonSmall, input, select } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { FormState } from "@/lib/portal/form-state";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;

/** A new SMS (or a reply, with the recipient given): from one of the user's SMS numbers. */
export function SendSmsForm({ action, numbers, to, heading }: { action: Action; numbers: string[]; to?: string; heading: string }) {
  const [state, formAction] = useActionState(action, {});
  const v = state.notice ? undefined : state.values;
  return (
    <form action={formAction} className="space-y-3" noValidate aria-label={heading}>
      {state.error && <Alert title="The SMS was not sent">{state.error}</Alert>}
      {state.notice && <Alert tone="success">{state.notice}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`sender-${to ?? "new"}`} className="block text-sm font-medium text-slate-800">
            From
          </label>
          <select id={`sender-${to ?? "new"}`} name="sender" className={`${select} mt-1.5`} defaultValue={v?.sender ?? numbers[0]}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                {n.replace("tel:", "+")}
              </option>
            ))}
          </select>
        </div>
        {to ? (
          <input type="hidden" name="to" value={to} />
        ) : (
          <Field
            name="to"
            label="To"
            required
            autoComplete="off"
            placeholder="tel:+44 7700 900123"
            defaultValue={v?.to}
            errors={state.fieldErrors?.to}
          />
        )}
      </div>
      <div>
        <label htmlFor={`body-${to ?? "new"}`} className="block text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id={`body-${to ?? "new"}`}
          name="body"
          rows={3}
          maxLength={1600}
          required
          className={`${input} mt-1.5`}
          defaultValue={v?.body}
          aria-invalid={state.fieldErrors?.body ? true : undefined}
        />
        {state.fieldErrors?.body && <p className="mt-1 text-sm text-red-700">{state.fieldErrors.body.join(" ")}</p>}
      </div>
      <SubmitButton pendingText="Sending…">Send SMS</SubmitButton>
    </form>
  );
}

/** Mark read or unread, move to another folder, delete. */
export function MessageActions({
  isNew,
  inDeleted,
  folders,
  markAction,
  moveAction,
  deleteAction,
}: {
  isNew: boolean;
  inDeleted: boolean;
  folders: string[];
  markAction: () => Promise<FormState>;
  moveAction: Action;
  deleteAction: () => Promise<FormState>;
}) {
  const [markState, mark] = useActionState(markAction, {});
  const [moveState, move] = useActionState(moveAction, {});
  const [deleteState, remove] = useActionState(deleteAction, {});
  const error = markState.error ?? moveState.error ?? deleteState.error;
  return (
    <div className="space-y-3">
      {error && <Alert title="Not done">{error}</Alert>}
      <div className="flex flex-wrap items-start gap-2">
        <form action={mark}>
          <SubmitButton className={`${buttonSecondary} ${buttonSmall}`} pendingText="Saving…">
            {isNew ? "Mark read" : "Mark unread"}
          </SubmitButton>
        </form>
        <form action={move} className="flex items-center gap-2" noValidate>
          <label htmlFor="move-folder" className="sr-only">
            Folder
          </label>
          <input id="move-folder" name="folder" list="folder-names" required placeholder="Move to folder…" className={`${input} w-40 py-1.5`} />
          <datalist id="folder-names">
            {folders.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
          <SubmitButton className={`${buttonSecondary} ${buttonSmall}`} pendingText="Moving…">
            Move
          </SubmitButton>
        </form>
        <ConfirmForm
          action={remove}
          small
          label={inDeleted ? "Delete for good" : "Delete"}
          question={inDeleted ? "Delete this message for good, with its audio and transcript?" : "Move this message to the deleted folder?"}
        />
      </div>
      {moveState.fieldErrors?.folder && <p className="text-sm text-red-700">Folder: {moveState.fieldErrors.folder.join(" ")}</p>}
    </div>
  );
}
