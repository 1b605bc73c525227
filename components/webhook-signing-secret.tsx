"use client";

import Link from "next/link";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Alert } from "./alert";
import { ConfirmForm } from "./confirm-form";
import { formatDateTime } from "@/lib/core/text/format";
import { CopyNowBox, RevealableSecret } from "./secret-field";
import { card, link } from "./styles";

type RotateResult = { error?: string; notice?: string; data?: { secret: string } };

const secretUrl = (appId: string) => `/api/portal/apps/${encodeURIComponent(appId)}/webhook-secret`;

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
  const [rotated, setRotated] = useState<RotateResult | null>(null);

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
          <code className="font-mono text-[0.9em]">webhook-timestamp</code> and <code className="font-mono text-[0.9em]">webhook-signature</code>{" "}
          headers (Standard Webhooks). Check the signature with this secret before you trust a request.{" "}
          <Link href="/docs/webhooks#verifying" className={link}>
            How to verify
          </Link>
        </p>
      </div>
      <div className="space-y-2 px-5 py-4">
        <RevealableSecret url={key} what="signing secret" placeholder="whsec_••••••••••••••••••••••••" valueTestId="webhook-secret-value" />
        {previousSecretUntil && !rotated?.data && (
          <p className="text-sm text-slate-600">The previous secret also signs deliveries until {formatDateTime(previousSecretUntil)}.</p>
        )}
      </div>
      {rotated?.data && (
        <div className="px-5 py-4">
          <CopyNowBox
            title="New signing secret: copy it now"
            secret={rotated.data.secret}
            testId="webhook-secret-new"
            valueTestId="webhook-secret-new-value"
            onDone={() => setRotated(null)}
          >
            Put it in your receiver&apos;s configuration. For the next 24 hours every delivery is signed with both the old and this new secret, so
            requests keep verifying while you switch; after that only this one signs.
          </CopyNowBox>
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-4 px-5 py-4">
        <div className="max-w-xl text-sm text-slate-600">
          <p className="font-medium text-slate-800">Rotate the signing secret</p>
          <p className="mt-1">
            Makes a new secret, for example if this one leaked. Nothing breaks at once: for 24 hours deliveries carry signatures with both secrets.
          </p>
        </div>
        <ConfirmForm
          action={rotate}
          tone="primary"
          label="Rotate signing secret"
          confirmLabel="Yes, rotate it"
          question={
            <>
              Make a new signing secret? For the next <strong>24 hours</strong> every delivery carries signatures with both the old and the new
              secret; after that only the new one signs. Update your receiver within that time.
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
