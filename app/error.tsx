"use client";

import { buttonPrimary } from "@/components/styles";

/** Any unexpected failure: a calm message and a way to retry; details stay in the server log. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-10 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Something went wrong on our side</h1>
      <p className="text-slate-600">
        Try again in a moment. If it keeps happening, tell your administrator{error.digest ? ` the reference ${error.digest}` : ""}.
      </p>
      <button type="button" onClick={reset} className={buttonPrimary}>
        Try again
      </button>
    </div>
  );
}
