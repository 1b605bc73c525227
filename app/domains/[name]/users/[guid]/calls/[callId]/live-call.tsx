"use client";

import { useState, useTransition } from "react";
import useSWR from "swr";
import { Alert } from "@/components/alert";
import { CallStatusBadge } from "@/components/call-status-badge";
import { formatDateTime, formatTime, callerIdLabel } from "@/lib/core/text/format";
import { buttonDanger, card } from "@/components/styles";
import type { CallEntry } from "@/lib/calls/schemas";

/** Poll every second while the call is active: enough to watch a call ring, connect and end. */
const LIVE_REFRESH_MS = 1000;

async function fetchCall(url: string): Promise<CallEntry> {
  const response = await fetch(url, { cache: "no-store" });
  const body = (await response.json().catch(() => ({}))) as CallEntry & { error?: string };
  if (!response.ok)
    throw new Error(
      response.status === 401
        ? "Your session ended. Sign in again to follow the call."
        : (body.error ?? "The call could not be loaded. Reload the page."),
    );
  return body;
}

type Leg = CallEntry["legs"][number];

/** One leg's moments in order: dialled, answered, ended. */
function LegTimeline({ leg }: { leg: Leg }) {
  const steps: Array<[string, string | undefined]> = [
    ["Dialled", leg.startTime],
    ["Answered", leg.answerTime],
    ["Ended", leg.endTime],
  ];
  return (
    <li className={`${card} p-4`} data-testid="leg">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-sm [overflow-wrap:anywhere]">{leg.address}</span>
        <span className="flex items-center gap-2">
          {leg.mode !== "talk" && <span className="text-xs text-slate-500">{leg.mode === "hold" ? "On hold" : "Muted"}</span>}
          <CallStatusBadge status={leg.status} />
        </span>
      </div>
      <ol className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {steps.map(([label, at]) => (
          <li key={label} className={at ? "text-slate-800" : "text-slate-500"}>
            <span className="text-slate-500">{label}</span> {at ? formatTime(at) : "—"}
          </li>
        ))}
        <li className="text-slate-800">
          <span className="text-slate-500">Talked</span> {leg.duration} s
        </li>
      </ol>
      {leg.reason && <p className="mt-2 text-xs text-slate-500">{leg.reason}</p>}
    </li>
  );
}

const NOT_CONNECTED: Partial<Record<CallEntry["status"], string>> = {
  STARTED: "Not yet: dialling",
  RINGING: "Not yet: ringing",
  BUSY: "Not connected: busy",
  NOANSWER: "Not connected: no answer",
  FAILURE: "Not connected: failed",
};

/** How long the call talked, or why it never did (a busy call was never "connected for 0 s"). */
function connectedLabel(call: CallEntry): string {
  const connected = call.status === "CONNECTED" || call.success || call.duration > 0;
  return connected ? `${call.duration} s` : (NOT_CONNECTED[call.status] ?? "Not connected");
}

/** A call as it happens: status, duration and each leg's timeline, polled while the call is active; the call can be hung up here. */
export function LiveCall({ initial, url, hangUp }: { initial: CallEntry; url: string; hangUp: () => Promise<{ error?: string }> }) {
  const { data, error, mutate } = useSWR(url, fetchCall, {
    fallbackData: initial,
    // SWR passes its cache, empty until the first poll: fall back to the server's render so polling starts at once.
    refreshInterval: (latest) => ((latest ?? initial).active ? LIVE_REFRESH_MS : 0),
  });
  const [pending, startTransition] = useTransition();
  const [hangUpError, setHangUpError] = useState<string>();
  const call = data ?? initial;
  return (
    <div className="space-y-6" data-testid="live-call" data-status={call.status}>
      {error && <Alert title="Live updates stopped">{error.message}</Alert>}
      {hangUpError && <Alert title="The call was not hung up">{hangUpError}</Alert>}
      <section className={`${card} flex flex-wrap items-center justify-between gap-4 p-5`} aria-live="polite">
        <dl className="grid grid-cols-2 gap-x-8 gap-y-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-500">Status</dt>
            <dd className="mt-1" data-testid="call-status">
              <CallStatusBadge status={call.status} />
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Connected for</dt>
            <dd className="mt-1 tabular-nums" data-testid="call-connected">
              {connectedLabel(call)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Started</dt>
            <dd className="mt-1">{formatDateTime(call.startTime)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Caller id</dt>
            <dd className="mt-1 [overflow-wrap:anywhere]" data-testid="call-caller-id">
              {call.callerId ? callerIdLabel(call.callerId) : "None"}
            </dd>
          </div>
        </dl>
        {call.active ? (
          <button
            type="button"
            className={buttonDanger}
            disabled={pending}
            onClick={() =>
              startTransition(async () => {
                const result = await hangUp();
                setHangUpError(result.error);
                await mutate();
              })
            }
          >
            {pending ? "Hanging up…" : "Hang up"}
          </button>
        ) : (
          <p className="text-sm text-slate-600">
            {call.endTime ? `Ended ${formatDateTime(call.endTime)}` : "Ended"}
            {call.reason ? `: ${call.reason}` : ""}.
          </p>
        )}
      </section>
      <section className="space-y-3" aria-labelledby="legs-heading">
        <h2 id="legs-heading" className="text-lg font-semibold">
          Legs
        </h2>
        <ol className="space-y-3">
          {call.legs.map((leg) => (
            <LegTimeline key={leg.id} leg={leg} />
          ))}
        </ol>
        {call.active && <p className="text-xs text-slate-500">Updates every second while the call is active.</p>}
      </section>
    </div>
  );
}
