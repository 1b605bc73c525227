"use client";

import { useFormStatus } from "react-dom";
import { buttonPrimary } from "./styles";

/** A submit button that shows the form is being sent and cannot be pressed twice. */
export function SubmitButton({
  children,
  pendingText,
  className = buttonPrimary,
  ...rest
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { pendingText?: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" {...rest} disabled={pending || rest.disabled} aria-disabled={pending} className={className}>
      {pending ? (pendingText ?? children) : children}
    </button>
  );
}
