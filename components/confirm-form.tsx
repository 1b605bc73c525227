"use client";

import { useState } from "react";
import { SubmitButton } from "./submit-button";
import { buttonDanger, buttonDangerOutline, buttonPrimary, buttonSecondary, buttonSmall } from "./styles";

/**
 * A button that asks first: the first click shows what will happen and a confirm button that
 * submits `action`. Destructive actions are red.
 */
export function ConfirmForm({
  action,
  label,
  confirmLabel,
  question,
  tone = "danger",
  small,
  children,
}: {
  action: (formData: FormData) => void | Promise<void>;
  label: string;
  confirmLabel?: string;
  question: React.ReactNode;
  tone?: "danger" | "primary";
  small?: boolean;
  /** Hidden inputs sent with the form. */
  children?: React.ReactNode;
}) {
  const [asking, setAsking] = useState(false);
  const size = small ? buttonSmall : "";
  if (!asking) {
    return (
      <button type="button" onClick={() => setAsking(true)} className={`${tone === "danger" ? buttonDangerOutline : buttonSecondary} ${size}`}>
        {label}
      </button>
    );
  }
  return (
    <form
      action={async (formData) => {
        await action(formData);
        setAsking(false);
      }}
      className={
        "w-full max-w-sm space-y-3 rounded-md border p-3 text-left text-sm " +
        (tone === "danger" ? "border-red-200 bg-red-50" : "border-brand-100 bg-brand-50")
      }
    >
      {children}
      <div className="text-slate-800">{question}</div>
      <div className="flex flex-wrap gap-2">
        <SubmitButton className={`${tone === "danger" ? buttonDanger : buttonPrimary} ${size}`} pendingText="Working…">
          {confirmLabel ?? label}
        </SubmitButton>
        <button type="button" onClick={() => setAsking(false)} className={`${buttonSecondary} ${size}`}>
          Cancel
        </button>
      </div>
    </form>
  );
}
