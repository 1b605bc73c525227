"use client";

import { useState } from "react";
import { buttonSecondary, buttonSmall } from "./styles";

/** Copies `value` (or what `load` fetches) to the clipboard and says so for two seconds. */
export function CopyButton({
  value,
  load,
  label = "Copy",
  ariaLabel,
}: {
  value?: string;
  load?: () => Promise<string>;
  label?: string;
  ariaLabel?: string;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      const text = value ?? (load ? await load() : "");
      if (!text) throw new Error("nothing to copy");
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    setTimeout(() => setState("idle"), 2000);
  }
  return (
    <button type="button" onClick={copy} aria-label={ariaLabel} className={`${buttonSecondary} ${buttonSmall}`}>
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Copy failed: select and copy" : label}</span>
    </button>
  );
}
