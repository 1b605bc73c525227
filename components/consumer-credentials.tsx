"use client";

import { useEffect, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Alert } from "./alert";
import { ConfirmForm } from "./confirm-form";
import { CopyButton } from "./copy-button";
import { buttonSecondary, buttonSmall, card } from "./styles";

type RotateResult = { error?: string; notice?: string; data?: { secret: string } };

const secretUrl = (appId: string) => `/api/portal/apps/${encodeURIComponent(appId)}/secret`;

async function fetchSecret(url: string): Promise<string> {
  const response = await fetch(url, { cache: "no-store" });
  const body = (await response.json().catch(() => ({}))) as { secret?: string; error?: string };
  if (!response.ok || !body.secret) throw new Error(body.error ?? "The secret could not be loaded. Reload the page and try again.");
  return body.secret;
}

function SecretValue({ value }: { value: string }) {
  return (
    <code data-testid="secret-value" className="block min-w-0 flex-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
      {value}
    </code>
  );
}

/** A box that shows a fresh secret with a copy button, with the warning that it is shown this once. */
function CopyNowBox({ title, secret, children, onDone }: { title: string; secret: string; children: React.ReactNode; onDone: () => void }) {
  const ref = useRef<HTMLElement>(null);
  // After a rotation the box appears above the button that was pressed: bring it into view.
  // (Braces matter: newer browsers return a Promise from scrollIntoView, which React would take for a cleanup.)
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <section ref={ref} aria-label={title} className="space-y-3 rounded-lg border-2 border-amber-300 bg-amber-50 p-5" data-testid="copy-now">
      <h2 className="font-semibold text-amber-950">{title}</h2>
      <div className="text-sm text-amber-950">{children}</div>
      <div className="flex flex-wrap items-center gap-2">
        <SecretValue value={secret} />
        <CopyButton value={secret} label="Copy secret" />
      </div>
      <button type="button" onClick={onDone} className={`${buttonSecondary} ${buttonSmall}`}>
        I copied it
      </button>
    </section>
  );
}

/**
 * Consumer key and secret of one application. The secret stays hidden until the owner reveals it;
 * it is fetched with SWR from a JSON route that checks the session. Rotating replaces it.
 */
export function ConsumerCredentials({
  appId,
  consumerKey,
  justCreated,
  rotateAction,
}: {
  appId: string;
  consumerKey: string;
  justCreated: boolean;
  rotateAction: () => Promise<RotateResult>;
}) {
  const key = secretUrl(appId);
  const { mutate } = useSWRConfig();
  const [revealed, setRevealed] = useState(false);
  const [showCreated, setShowCreated] = useState(justCreated);
  const [rotated, setRotated] = useState<RotateResult | null>(null);
  const { data: secret, error, isLoading } = useSWR(revealed || showCreated ? key : null, fetchSecret, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });

  // The "copy it now" box is for this visit only: a reload or a shared link must not show it again.
  useEffect(() => {
    if (justCreated) window.history.replaceState(null, "", window.location.pathname);
  }, [justCreated]);

  async function rotate() {
    const result = await rotateAction();
    setRotated(result);
    if (result.data) {
      setShowCreated(false);
      await mutate(key, result.data.secret, { revalidate: false });
    }
  }

  return (
    <div className="space-y-4">
      {showCreated && secret && (
        <CopyNowBox title="Your application is ready: copy its consumer secret now" secret={secret} onDone={() => setShowCreated(false)}>
          Store it with your application&apos;s configuration. Anyone with the consumer key and this secret can call the API as your
          application. You can reveal it again here, but treat it like a password.
        </CopyNowBox>
      )}
      {showCreated && error && <Alert>{(error as Error).message}</Alert>}
      {rotated?.data && (
        <CopyNowBox title="New consumer secret: copy it now" secret={rotated.data.secret} onDone={() => setRotated(null)}>
          The old secret no longer works. Requests signed with it are refused until your application uses this one.
        </CopyNowBox>
      )}
      {rotated?.error && <Alert>{rotated.error}</Alert>}

      <section className={`${card} divide-y divide-slate-100`} aria-labelledby="keys-heading">
        <div className="px-5 py-4">
          <h2 id="keys-heading" className="font-semibold">
            Keys
          </h2>
          <p className="mt-1 text-sm text-slate-600">Sign every REST API request with these (OAuth 1.0a, HMAC-SHA1).</p>
        </div>
        <div className="grid gap-2 px-5 py-4 sm:grid-cols-[10rem_1fr] sm:items-center">
          <div className="text-sm font-medium text-slate-700">Consumer key</div>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="consumer-key" className="min-w-0 flex-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm">
              {consumerKey}
            </code>
            <CopyButton value={consumerKey} label="Copy" ariaLabel="Copy consumer key" />
          </div>
        </div>
        <div className="grid gap-2 px-5 py-4 sm:grid-cols-[10rem_1fr] sm:items-start">
          <div className="pt-2 text-sm font-medium text-slate-700">Consumer secret</div>
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              {revealed && secret ? (
                <SecretValue value={secret} />
              ) : (
                <code className="block min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm tracking-widest text-slate-400" aria-label="Hidden secret">
                  {revealed && isLoading ? "loading…" : "••••••••••••••••••••••••"}
                </code>
              )}
              <button type="button" onClick={() => setRevealed((r) => !r)} className={`${buttonSecondary} ${buttonSmall}`}>
                {revealed ? "Hide" : "Reveal"}
              </button>
              <CopyButton load={async () => secret ?? (await fetchSecret(key))} label="Copy" ariaLabel="Copy consumer secret" />
            </div>
            {revealed && error && <Alert>{(error as Error).message}</Alert>}
          </div>
        </div>
        <div className="flex flex-wrap items-start justify-between gap-4 px-5 py-4">
          <div className="max-w-xl text-sm text-slate-600">
            <p className="font-medium text-slate-800">Rotate the secret</p>
            <p className="mt-1">
              Makes a new secret if this one leaked. The old secret stops working immediately, so update your application right after.
            </p>
          </div>
          <ConfirmForm
            action={rotate}
            label="Rotate secret"
            confirmLabel="Yes, rotate the secret"
            question="The current secret stops working right now: every request signed with it is refused until your application uses the new one."
          />
        </div>
      </section>
    </div>
  );
}
