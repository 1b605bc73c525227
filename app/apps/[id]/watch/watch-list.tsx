"use client";

import useSWR from "swr";
import { Alert } from "@/components/alert";
import { EmptyState } from "@/components/empty-state";
import { card } from "@/components/styles";
import { formatDate, formatTime } from "@/lib/core/text/format";
import type { ReceivedDeliveryEntry, ReceiverEntry } from "@/lib/events/contracts";
import { fetchJson } from "../events/events-keys";

/** Polled this often: a delivery shows within about a second of arriving. */
const WATCH_REFRESH_MS = 1000;

function Verification({ delivery }: { delivery: ReceivedDeliveryEntry }) {
  return delivery.signatureValid ? (
    <span className="inline-flex items-center rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">signature valid</span>
  ) : (
    <span className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800">{delivery.verification}</span>
  );
}

function Delivery({ delivery }: { delivery: ReceivedDeliveryEntry }) {
  return (
    <li className={`${card} p-4`} data-testid="watched-delivery">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{delivery.type}</p>
          <p className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere]">{delivery.eventId}</p>
        </div>
        <div className="flex items-center gap-3 text-sm">
          <Verification delivery={delivery} />
          <time dateTime={delivery.received} className="whitespace-nowrap text-slate-600">
            {formatTime(delivery.received)} <span className="text-xs text-slate-500">{formatDate(delivery.received)}</span>
          </time>
        </div>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-slate-700">Headers and body</summary>
        <dl className="mt-2 grid gap-x-4 gap-y-1 font-mono text-xs sm:grid-cols-[max-content_minmax(0,1fr)]">
          {Object.entries(delivery.headers).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-500">{name}</dt>
              <dd className="text-slate-800 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
        </dl>
        <pre className="mt-3 rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
          {JSON.stringify(delivery.event, null, 2)}
        </pre>
      </details>
    </li>
  );
}

/** The built-in receiver's deliveries, newest first, polled (each poll also keeps the watch on). */
export function WatchList({ appId, initial }: { appId: string; initial: ReceiverEntry }) {
  const { data, error } = useSWR<ReceiverEntry>(`/api/portal/apps/${encodeURIComponent(appId)}/receiver`, fetchJson, {
    fallbackData: initial,
    refreshInterval: WATCH_REFRESH_MS,
  });
  const deliveries = data?.deliveries ?? [];
  return (
    <section aria-labelledby="watch-heading" className="space-y-3">
      <h2 id="watch-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <span className="inline-block size-2 animate-pulse rounded-full bg-emerald-500" aria-hidden="true" />
        Listening
      </h2>
      {error && (
        <Alert tone="error" title="Not updating">
          {(error as Error).message}
        </Alert>
      )}
      {deliveries.length === 0 ? (
        <EmptyState title="Waiting for the first delivery">
          <p>Send a test event, or do something that makes one: send an SMS, place a call, simulate an inbound SMS on a user&apos;s page.</p>
        </EmptyState>
      ) : (
        <ol className="space-y-3" aria-live="polite">
          {deliveries.map((d) => (
            <Delivery key={d.id} delivery={d} />
          ))}
        </ol>
      )}
      <p className="text-xs text-slate-500">The newest 50 deliveries are kept. Watching stops ten minutes after you leave this page.</p>
    </section>
  );
}
