"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { Alert } from "./alert";
import { CopyButton } from "./copy-button";
import { buttonSecondary, buttonSmall } from "./styles";

// Secrets (consumer secret, webhook signing secret) are never rendered into the page's HTML: they
// are fetched with SWR from session-checked JSON routes only when the owner asks for them.

export async function fetchSecret(url: string): Promise<string> {
  const response = await fetch(url, { cache: "no-store" });
  const body = (await response.json().catch(() => ({}))) as { secret?: string; error?: string };
  if (!response.ok || !body.secret) throw new Error(body.error ?? "The secret could not be loaded. Reload the page and try again.");
  return body.secret;
}

/** The secret behind `url`, loaded only while `enabled`; the SWR cache is shared by url. */
export function useSecret(url: string, enabled: boolean) {
  return useSWR(enabled ? url : null, fetchSecret, { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false });
}

const valueClass = "block min-w-0 flex-1 break-all rounded-md px-3 py-2 font-mono text-sm text-slate-900";

/** A hidden secret with Reveal/Hide and Copy buttons. `what` names it for screen readers. */
export function RevealableSecret({ url, what, placeholder, valueTestId }: { url: string; what: string; placeholder: string; valueTestId: string }) {
  const [revealed, setRevealed] = useState(false);
  const { data: secret, error, isLoading } = useSecret(url, revealed);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {revealed && secret ? (
          <code data-testid={valueTestId} className={`${valueClass} bg-slate-100`}>
            {secret}
          </code>
        ) : (
          <code
            className="block min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm tracking-widest text-slate-600"
            aria-label={`Hidden ${what}`}
          >
            {revealed && isLoading ? "loading…" : placeholder}
          </code>
        )}
        <button type="button" onClick={() => setRevealed((r) => !r)} className={`${buttonSecondary} ${buttonSmall}`}>
          {revealed ? "Hide" : "Reveal"}
        </button>
        <CopyButton load={async () => secret ?? (await fetchSecret(url))} label="Copy" ariaLabel={`Copy ${what}`} />
      </div>
      {revealed && error && <Alert>{(error as Error).message}</Alert>}
    </div>
  );
}

/** A fresh secret shown this once, with a copy button and an "I copied it" dismiss. */
export function CopyNowBox({
  title,
  secret,
  testId,
  valueTestId,
  onDone,
  children,
}: {
  title: string;
  secret: string;
  testId: string;
  valueTestId: string;
  onDone: () => void;
  children: React.ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  // The box appears above the button that was pressed: bring it into view.
  // (Braces matter: newer browsers return a Promise from scrollIntoView, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <section ref={ref} aria-label={title} className="space-y-3 rounded-lg border-2 border-amber-300 bg-amber-50 p-5" data-testid={testId}>
      <h3 className="font-semibold text-amber-950">{title}</h3>
      <div className="text-sm text-amber-950">{children}</div>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid={valueTestId} className={`${valueClass} bg-surface`}>
          {secret}
        </code>
        <CopyButton value={secret} label="Copy secret" />
      </div>
      <button type="button" onClick={onDone} className={`${buttonSecondary} ${buttonSmall}`}>
        I copied it
      </button>
    </section>
  );
}
