"use client";

import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { Alert } from "./alert";
import { ConfirmForm } from "./confirm-form";
import { CopyButton } from "./copy-button";
import { CopyNowBox, RevealableSecret, useSecret } from "./secret-field";
import { card } from "./styles";

type RotateResult = { error?: string; notice?: string; data?: { secret: string } };

const secretUrl = (appId: string) => `/api/portal/apps/${encodeURIComponent(appId)}/secret`;

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
  const [showCreated, setShowCreated] = useState(justCreated);
  const [rotated, setRotated] = useState<RotateResult | null>(null);
  const { data: secret, error } = useSecret(key, showCreated);

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
        <CopyNowBox
          title="Your application is ready: copy its consumer secret now"
          secret={secret}
          testId="copy-now"
          valueTestId="secret-value"
          onDone={() => setShowCreated(false)}
        >
          Store it with your application&apos;s configuration. Anyone with the consumer key and this secret can call the API as your application. You
          can reveal it again here, but treat it like a password.
        </CopyNowBox>
      )}
      {showCreated && error && <Alert>{(error as Error).message}</Alert>}
      {rotated?.data && (
        <CopyNowBox
          title="New consumer secret: copy it now"
          secret={rotated.data.secret}
          testId="copy-now"
          valueTestId="secret-value"
          onDone={() => setRotated(null)}
        >
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
          <RevealableSecret url={key} what="consumer secret" placeholder="••••••••••••••••••••••••" valueTestId="secret-value" />
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
