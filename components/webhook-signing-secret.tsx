"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Alert } from "./alert";
import { ConfirmForm } from "./confirm-form";
import { CopyButton } from "./copy-button";
import { formatDateTime } from "./format-date-time";
import { buttonSecondary, buttonSmall, card, link } from "./styles";

type RotateResult = { error?: string; notice?: string; data?: { secret: string } };

const secretUrl = (appId: string) => `/api/portal/apps/${encodeURIComponent(appId)}/webhook-secret`;

async function fetchSecret(url: string): Promise<string> {
  const response = await fetch(url, { cache: "no-store" });
  const body = (await response.json().catch(() => ({}))) as { secret?: string; error?: string };
  if (!response.ok || !body.secret) throw new Error(body.error ?? "The signing secret could not be loaded. Reload the page and try again.");
  return body.secret;
}

/** The fresh secret after a rotation, shown once with a copy button. */
function NewSecretBox({ secret, onDone }: { secret: string; onDone: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <section
      ref={ref}
      aria-label="New signing secret"
      data-testid="webhook-secret-new"
      className="space-y-3 rounded-lg border-2 border-amber-300 bg-amber-50 p-5"
    >
      <h3 className="font-semibold text-amber-950">New signing secret: copy it now</h3>
      <p className="text-sm text-amber-950">
        Put it in your receiver&apos;s configuration. For the next 24 hours every delivery is signed with both the old and this new
        secret, so requests keep verifying while you switch; after that only this one signs.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code data-testid="webhook-secret-new-value" className="block min-w-0 flex-1 break-all rounded-md bg-white px-3 py-2 font-mono text-sm text-slate-900">
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

/**
 * The application's webhook signing secret ("whsec_..."). Hidden until revealed: it is fetched with
 * SWR from a JSON route that checks the session, so it is never in the page's HTML. Rotating keeps
 * the old secret signing for 24 hours.
 */
export function WebhookSigningSecret({
  appId,
  previousSecretUntil,
  rotateAction,
}: {
  appId: string;
  /** Until when the secret before the last rotation still signs, if it does. */
  previousSecretUntil?: string;
  rotateAction: () => Promise<RotateResult>;
}) {
  const key = secretUrl(appId);
  const { mutate } = useSWRConfig();
  const [revealed, setRevealed] = useState(false);
  const [rotated, setRotated] = useState<RotateResult | null>(null);
  const { data: secret, error, isLoading } = useSWR(revealed ? key : null, fetchSecret, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });

  async function rotate() {
    const result = await rotateAction();
    setRotated(result);
    if (result.data) await mutate(key, result.data.secret, { revalidate: false });
  }

  return (
    <section className={`${card} divide-y divide-slate-100`} aria-labelledby="signing-heading">
      <div className="px-5 py-4">
        <h2 id="signing-heading" className="font-semibold">
          Signing secret
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Every delivery carries <code className="font-mono text-[0.9em]">webhook-id</code>,{" "}
          <code className="font-mono text-[0.9em]">webhook-timestamp</code> and{" "}
          <code className="font-mono text-[0.9em]">webhook-signature</code> headers (Standard Webhooks). Check the signature with this
          secret before you trust a request.{" "}
          <Link href="/docs/webhooks#verifying" className={link}>
            How to verify
          </Link>
        </p>
      </div>
      <div className="space-y-2 px-5 py-4">
        <div className="flex flex-wrap items-center gap-2">
          {revealed && secret ? (
            <code data-testid="webhook-secret-value" className="block min-w-0 flex-1 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900">
              {secret}
            </code>
          ) : (
            <code
              className="block min-w-0 flex-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-sm tracking-widest text-slate-400"
              aria-label="Hidden signing secret"
            >
              {revealed && isLoading ? "loading…" : "whsec_••••••••••••••••••••••••"}
            </code>
          )}
          <button type="button" onClick={() => setRevealed((r) => !r)} className={`${buttonSecondary} ${buttonSmall}`}>
            {revealed ? "Hide" : "Reveal"}
          </button>
          <CopyButton load={async () => secret ?? (await fetchSecret(key))} label="Copy" ariaLabel="Copy signing secret" />
        </div>
        {revealed && error && <Alert>{(error as Error).message}</Alert>}
        {previousSecretUntil && !rotated?.data && (
          <p className="text-sm text-slate-600">
            The previous secret also signs deliveries until {formatDateTime(previousSecretUntil)}.
          </p>
        )}
      </div>
      {rotated?.data && (
        <div className="px-5 py-4">
          <NewSecretBox secret={rotated.data.secret} onDone={() => setRotated(null)} />
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-4 px-5 py-4">
        <div className="max-w-xl text-sm text-slate-600">
          <p className="font-medium text-slate-800">Rotate the signing secret</p>
          <p className="mt-1">
            Makes a new secret, for example if this one leaked. Nothing breaks at once: for 24 hours deliveries carry signatures with
            both secrets.
          </p>
        </div>
        <ConfirmForm
          action={rotate}
          tone="primary"
          label="Rotate signing secret"
          confirmLabel="Yes, rotate it"
          question={
            <>
              Make a new signing secret? For the next <strong>24 hours</strong> every delivery carries signatures with both the old and
              the new secret; after that only the new one signs. Update your receiver within that time.
            </>
          }
        />
      </div>
      {rotated?.error && (
        <div className="px-5 py-4">
          <Alert>{rotated.error}</Alert>
        </div>
      )}
    </section>
  );
}
