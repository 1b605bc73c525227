"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import useSWR from "swr";
import { Alert } from "@/components/alert";
import { EmptyState } from "@/components/empty-state";
import { EventStatusBadge } from "@/components/event-status-badge";
import { formatDate, formatTime } from "@/lib/core/text/format";
import { buttonSecondary, buttonSmall, input, link } from "@/components/styles";
import type { EventStatus } from "@/lib/events/contracts";
import type { EventLog, EventLogEntry } from "@/lib/events/webhook-status";
import { eventsListKey, fetchJson, LIVE_REFRESH_MS } from "./events-keys";
import { DataTable } from "@/components/data-table";
import { countOf } from "@/lib/core/text/count-of";

export interface EventsQuery {
  status?: EventStatus;
  type?: string;
  startIndex: number;
}

const statusTabs: Array<{ value: EventsQuery["status"]; label: string }> = [
  { value: undefined, label: "All" },
  { value: "pending", label: "Pending" },
  { value: "delivered", label: "Delivered" },
  { value: "failed", label: "Failed" },
  { value: "disabled", label: "Disabled" },
];

/** The events page URL for a query (only what differs from the default). */
function pageHref(appId: string, query: EventsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.type) params.set("type", query.type);
  if (query.startIndex > 0) params.set("start", String(query.startIndex));
  const search = params.toString();
  return `/apps/${appId}/events${search ? `?${search}` : ""}`;
}

/** "09:40:12" over "23 Nov 2026", both UTC. */
function When({ iso, prefix }: { iso: string; prefix?: string }) {
  return (
    <time dateTime={iso} title={`${iso.replace("T", " ").slice(0, 19)} UTC`} className="block whitespace-nowrap">
      <span className="text-slate-800">
        {prefix && <span className="text-slate-500">{prefix} </span>}
        {formatTime(iso)}
      </span>
      <span className="block text-xs text-slate-500">{formatDate(iso)}</span>
    </time>
  );
}

function Progress({ event }: { event: EventLogEntry }) {
  if (event.delivered) return <When iso={event.delivered} prefix="Delivered" />;
  if (event.nextAttempt) return <When iso={event.nextAttempt} prefix="Next" />;
  if (event.status === "failed") return <span className="text-slate-500">No more retries</span>;
  if (event.status === "disabled") return <span className="text-slate-500">{event.attempts > 0 ? "Stopped" : "Not sent"}</span>;
  return <span className="text-slate-500">—</span>;
}

/**
 * The application's events, newest first, filtered by status and type through the query string.
 * Fetched with SWR from the session-checked JSON route and polled every 2 s while any is pending.
 */
export function EventsList({
  appId,
  query,
  pageSize,
  initial,
  endpointDisabledAt,
}: {
  appId: string;
  query: EventsQuery;
  pageSize: number;
  initial: EventLog;
  /** What the server rendered about the endpoint (410 Gone), to notice when that changes. */
  endpointDisabledAt?: string;
}) {
  const router = useRouter();
  const key = eventsListKey(appId, { ...query, count: pageSize });
  const { data = initial, error } = useSWR<EventLog>(key, fetchJson, {
    fallbackData: initial,
    refreshInterval: (latest) => (latest?.entry.some((e) => e.status === "pending") ? LIVE_REFRESH_MS : 0),
  });
  // A delivery answered 410 Gone (or the URL changed) since the page was rendered: re-render the
  // server parts (the endpoint warning) without a reload.
  const disabledNow = data.endpointDisabledAt ?? null;
  useEffect(() => {
    if (disabledNow !== (endpointDisabledAt ?? null)) router.refresh();
  }, [disabledNow, endpointDisabledAt, router]);
  const filtered = Boolean(query.status || query.type);
  const live = data.entry.some((e) => e.status === "pending");
  const from = data.totalResults === 0 ? 0 : data.startIndex + 1;
  const to = data.startIndex + data.entry.length;
  const types = query.type && !data.types.includes(query.type) ? [...data.types, query.type] : data.types;
  const detailHref = (eventId: string) => `/apps/${appId}/events/${encodeURIComponent(eventId)}`;

  return (
    <section className="space-y-4" aria-labelledby="events-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="events-heading" className="text-lg font-semibold">
            Delivery log
          </h2>
          <p className="text-sm text-slate-500" data-testid="events-total">
            {countOf(data.totalResults, "event")}
            {filtered ? " match these filters" : ""}
            {live && (
              <span className="ml-2 inline-flex items-center gap-1.5 text-amber-800">
                <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-amber-500" />
                updating live
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <nav aria-label="Filter by status" className="flex rounded-md border border-slate-300 bg-surface p-0.5 text-sm">
            {statusTabs.map((tab) => {
              const active = tab.value === query.status;
              return (
                <Link
                  key={tab.label}
                  href={pageHref(appId, { status: tab.value, type: query.type, startIndex: 0 })}
                  aria-current={active ? "page" : undefined}
                  className={
                    "rounded px-2.5 py-1 " +
                    (active ? "bg-slate-900 font-medium text-white dark:text-slate-50" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900")
                  }
                >
                  {tab.label}
                </Link>
              );
            })}
          </nav>
          <label className="flex items-center gap-2 text-sm text-slate-600">
            Type
            <select
              value={query.type ?? ""}
              onChange={(e) => router.push(pageHref(appId, { status: query.status, type: e.target.value || undefined, startIndex: 0 }))}
              className={`${input} w-auto py-1.5`}
            >
              <option value="">All types</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {error && <Alert>{(error as Error).message}</Alert>}

      {data.totalResults === 0 && !filtered ? (
        <EmptyState title="No events yet">
          <p>Send a test event to see how deliveries look.</p>
          <p>Events of this application appear here as they happen, each with every attempt to deliver it.</p>
        </EmptyState>
      ) : data.entry.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-surface px-5 py-8 text-center text-sm text-slate-600">
          {filtered ? "No events match these filters." : "No events on this page."}{" "}
          <Link href={pageHref(appId, { startIndex: 0 })} className={link}>
            Show all events
          </Link>
        </div>
      ) : (
        <DataTable
          columns={[
            { label: "Status" },
            { label: "Type" },
            { label: "Event id" },
            { label: "Created (UTC)" },
            { label: "Attempts", align: "right" },
            { label: "Next attempt / delivered" },
          ]}
          dense
        >
          {data.entry.map((event) => (
            <tr
              key={event.id}
              data-testid="event-row"
              data-event-id={event.id}
              onClick={(e) => {
                // The id is a real link (keyboard, new tab); the rest of the row is a larger target for the mouse.
                if (!(e.target as HTMLElement).closest("a")) router.push(detailHref(event.id));
              }}
              className="cursor-pointer align-top hover:bg-slate-50"
            >
              <td className="px-4 py-3">
                <EventStatusBadge status={event.status} />
              </td>
              <td className="px-4 py-3 font-medium text-slate-800">{event.type}</td>
              <td className="px-4 py-3">
                <Link href={detailHref(event.id)} className="font-mono text-xs text-brand-600 hover:text-brand-700 hover:underline" title="Details">
                  {event.id}
                </Link>
              </td>
              <td className="px-4 py-3">
                <When iso={event.created} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{event.attempts}</td>
              <td className="px-4 py-3">
                <Progress event={event} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {data.totalResults > 0 && (
        <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <span data-testid="events-range">
            {from}–{to} of {data.totalResults}
          </span>
          <div className="flex gap-2">
            {data.startIndex > 0 ? (
              <Link
                href={pageHref(appId, { ...query, startIndex: Math.max(0, data.startIndex - pageSize) })}
                className={`${buttonSecondary} ${buttonSmall}`}
              >
                Previous
              </Link>
            ) : (
              <span aria-disabled className={`${buttonSecondary} ${buttonSmall} pointer-events-none opacity-50`}>
                Previous
              </span>
            )}
            {to < data.totalResults ? (
              <Link href={pageHref(appId, { ...query, startIndex: data.startIndex + pageSize })} className={`${buttonSecondary} ${buttonSmall}`}>
                Next
              </Link>
            ) : (
              <span aria-disabled className={`${buttonSecondary} ${buttonSmall} pointer-events-none opacity-50`}>
                Next
              </span>
            )}
          </div>
        </nav>
      )}
    </section>
  );
}
