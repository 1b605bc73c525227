"use client";

import { useActionState, useState } from "react";
import { Alert } from "@/components/alert";
import { ConfirmForm } from "@/components/confirm-form";
import { Field } from "@/components/field";
import { formatDateTime } from "@/lib/core/text/format";
import { buttonPrimary, buttonSecondary, buttonSmall, card } from "@/components/styles";
import { SubmitButton } from "@/components/submit-button";
import type { DeviceEntry } from "@/lib/devices/schemas";
import type { FormState } from "@/lib/portal/form-state";
import { DEVICE_OPTION_LABELS } from "./device-options";

type Action = (prev: FormState, formData: FormData) => Promise<FormState>;
const ISO_INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;

function Badge({ tone, children }: { tone: "slate" | "green" | "amber" | "red" | "brand"; children: React.ReactNode }) {
  const tones = {
    slate: "bg-slate-100 text-slate-700",
    green: "bg-emerald-100 text-emerald-800",
    amber: "bg-amber-100 text-amber-800",
    red: "bg-red-100 text-red-800",
    brand: "bg-brand-50 text-brand-700",
  };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

function CheckBadge({ device }: { device: DeviceEntry }) {
  const check = device.mailCheck ?? device.ccfCheck;
  if (device.verified) return <Badge tone="green">Verified</Badge>;
  if (check === "pending") return <Badge tone="amber">{device.mailCheck ? "Email not confirmed" : "Call forwarding not checked"}</Badge>;
  if (check === "failed") return <Badge tone="red">Check failed</Badge>;
  return null;
}

/** A phone's call forwarding check in the portal's words (the API's checkDetail names PUT {"verifyBy": "ccfTest"}; here the button does it). */
function forwardingDetail(check: DeviceEntry["ccfCheck"]): string | undefined {
  if (check === "pending")
    return (
      "Call forwarding is not checked yet: the check places a test call to this phone on the " +
      "telephony simulator, and the phone is verified when the call comes back."
    );
  if (check === "failed")
    return (
      "The test call did not come back (the phone was busy, did not forward it, or could not be " +
      "reached). Set conditional call forwarding on the phone, then check again."
    );
  return undefined;
}

/** One device of a user: what it is, its check, and its actions (options, confirm, remove). */
export function DeviceCard({
  device,
  updateAction,
  verifyAction,
  resendAction,
  checkForwardingAction,
  removeAction,
}: {
  device: DeviceEntry;
  updateAction: Action;
  verifyAction: Action;
  resendAction: () => Promise<FormState>;
  checkForwardingAction: () => Promise<FormState>;
  removeAction: () => Promise<FormState>;
}) {
  const [editing, setEditing] = useState(false);
  const [updateState, update] = useActionState(async (prev: FormState, formData: FormData) => {
    const next = await updateAction(prev, formData);
    if (next.notice) setEditing(false);
    return next;
  }, {});
  const [verifyState, verify] = useActionState(verifyAction, {});
  const [resendState, resend] = useActionState(resendAction, {});
  const [forwardingState, checkForwarding] = useActionState(checkForwardingAction, {});
  const [removeState, setRemoveState] = useState<FormState>({});
  const emailPending = device.mailCheck !== undefined && device.mailCheck !== "passed";
  const on = Object.entries(DEVICE_OPTION_LABELS).filter(([option]) => device[option as keyof DeviceEntry] === true);
  const slug = device.id.replace(/[^a-z0-9]+/gi, "-");
  const phone = device.id.startsWith("tel:");
  const detail = phone ? forwardingDetail(device.ccfCheck) : device.checkDetail;

  return (
    <li className={`${card} space-y-3 p-4`} data-testid={`device-${device.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <p className="font-mono text-sm font-medium break-all text-slate-900">{device.id}</p>
          {(device.name || device.label) && <p className="text-sm text-slate-600">{[device.name, device.label].filter(Boolean).join(" · ")}</p>}
          <div className="flex flex-wrap gap-1.5">
            {device.default && <Badge tone="slate">Default</Badge>}
            {device.location && <Badge tone="brand">{`Purpose number · ${device.location}${device.sms ? " · SMS" : ""}`}</Badge>}
            <CheckBadge device={device} />
          </div>
          {detail && <p className="text-xs text-slate-500">{detail.replace(ISO_INSTANT, (iso) => formatDateTime(iso))}</p>}
          {on.length > 0 && !editing && <p className="text-xs text-slate-500">On: {on.map(([, label]) => label).join(", ")}</p>}
        </div>
        {!editing && (
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => setEditing(true)} className={`${buttonSecondary} ${buttonSmall}`}>
              Options
            </button>
            <ConfirmForm
              small
              label="Remove"
              confirmLabel="Yes, remove it"
              question={
                <>
                  Remove <strong className="break-all">{device.id}</strong>?
                  {device.location ? " The number goes back to the inventory after a quarantine." : ""}
                </>
              }
              action={async () => setRemoveState(await removeAction())}
            />
          </div>
        )}
      </div>
      {removeState.error && <Alert>{removeState.error}</Alert>}

      {phone && !editing && (
        <form action={checkForwarding} className="space-y-2">
          <SubmitButton className={`${buttonSecondary} ${buttonSmall}`} pendingText="Checking…">
            {device.ccfCheck === "pending" ? "Check call forwarding" : "Check call forwarding again"}
          </SubmitButton>
          {forwardingState.error && <Alert>{forwardingState.error}</Alert>}
          {forwardingState.notice && (
            <p role="status" className="text-sm text-emerald-700">
              {forwardingState.notice}
            </p>
          )}
        </form>
      )}

      {emailPending && !editing && (
        <div className="space-y-3 rounded-md bg-slate-50 p-3">
          <form action={verify} className="space-y-3" noValidate>
            <Field
              id={`code-${slug}`}
              name="verifyCode"
              label="Code from the email"
              inputMode="numeric"
              autoComplete="one-time-code"
              className="max-w-xs"
              errors={verifyState.fieldErrors?.verifyCode}
            />
            <SubmitButton className={`${buttonPrimary} ${buttonSmall}`} pendingText="Checking…">
              Confirm
            </SubmitButton>
          </form>
          <form action={resend} className="border-t border-slate-200 pt-3">
            <p className="mb-2 text-xs text-slate-500">No email, or the code expired?</p>
            <SubmitButton className={`${buttonSecondary} ${buttonSmall}`} pendingText="Sending…">
              Send a new email
            </SubmitButton>
          </form>
          {(verifyState.error && !verifyState.fieldErrors) || resendState.error ? <Alert>{verifyState.error ?? resendState.error}</Alert> : null}
          {resendState.notice && (
            <p role="status" className="text-sm text-emerald-700">
              {resendState.notice}
            </p>
          )}
        </div>
      )}

      {editing && (
        <form action={update} className="space-y-4 rounded-md border border-slate-200 bg-slate-50 p-4" noValidate>
          {updateState.error && <Alert>{updateState.error}</Alert>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`name-${slug}`} name="name" label="Name" optional defaultValue={device.name} errors={updateState.fieldErrors?.name} />
            <Field id={`label-${slug}`} name="label" label="Label" optional defaultValue={device.label} errors={updateState.fieldErrors?.label} />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Options</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {Object.entries(DEVICE_OPTION_LABELS).map(([option, label]) => (
                <label key={option} className="flex items-start gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    name={option}
                    defaultChecked={device[option as keyof DeviceEntry] === true}
                    className="mt-0.5 h-4 w-4 accent-brand-500"
                  />
                  <span>
                    {label} <span className="font-mono text-xs text-slate-500">{option}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex gap-2">
            <SubmitButton className={`${buttonPrimary} ${buttonSmall}`} pendingText="Saving…">
              Save
            </SubmitButton>
            <button type="button" onClick={() => setEditing(false)} className={`${buttonSecondary} ${buttonSmall}`}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </li>
  );
}
