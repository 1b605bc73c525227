"use client";

import Link from "next/link";
import { useActionState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Alert } from "@/components/alert";
import { CopyButton } from "@/components/copy-button";
import { EventStatusBadge } from "@/components/event-status-badge";
import { formatDateTime } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { SubmitButton } from "@/components/submit-button";
import { buttonSecondary, card } from "@/components/styles";
import type { EventEntry } from "@/lib/events/contracts";
import { eventKey, eventsKeyPrefix, fetchJson, LIVE_REFRESH_MS } from "../events-keys";

type State = { error?: string; notice?: string };
type Delivery = NonNullable<EventEntry["deliveries"]>[number];

function HttpStatus({ code }: { code?: number }) {
  if (code === undefined) {
    return <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">No response</span>;
  }
  const ok = code >= 200 && code < 300;
  return (
    <span
      data-testid="attempt-status"
      className={`rounded-full px-2 py-0.5 font-mono text-xs font-semibold ${ok ? "bg-emerald-100 text-emerald-800" : "bg-red-100 text-red-800"}`}
    >
      HTTP {code}
    </span>
  );
}

function Attempt({ attempt, number }: { attempt: Delivery; number: number }) {
  return (
    <li className={`${card} space-y-3 p-4`} data-testid="attempt">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="font-semibold text-slate-800">Attempt {number}</span>
        <HttpStatus code={attempt.statusCode} />
        <time dateTime={attempt.time} className="text-slate-600">
          {formatDateTime(attempt.time)}
        </time>
        <span className="text-slate-600 tabular-nums" data-testid="attempt-latency">
          {attempt.latencyMs} ms
        </span>
      </div>
      <p className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere]">POST {attempt.url}</p>
      {attempt.error && (
        <p className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="attempt-error">
          {attempt.error}
        </p>
      )}
      {attempt.responseExcerpt ? (
        <div>
          <p className="mb-1 text-xs font-medium tracking-wider text-slate-500 uppercase">Response (first 1 KB)</p>
          <pre
            data-testid="attempt-response"
            className={
              "max-h-40 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs " +
              "whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere] ring-1 ring-slate-200"
            }
          >
            {attempt.responseExcerpt}
          </pre>
        </div>
      ) : (
        attempt.statusCode !== undefined && <p className="text-xs text-slate-500">The response had no body.</p>
      )}
    </li>
  );
}

/** Why there are no attempts (yet). */
function noAttemptsText(status: string, notificationUrl: string | undefined): string {
  if (status === "pending") return "The first attempt starts in a moment.";
  if (status === "disabled") {
    return notificationUrl
      ? "Not sent: deliveries were stopped when this event was recorded. Replay it to send it now."
      : "Not sent: the application has no notification URL. Set one, then replay this event.";
  }
  return "No delivery attempts are recorded for this event.";
}

/**
 * One event: its status (polled every 2 s while pending), the exact payload sent, every delivery
 * attempt, and Replay, which sends it again with the same id.
 */
export function EventDetailView({
  appId,
  appName,
  notificationUrl,
  endpointDisabled,
  initial,
  replayAction,
}: {
  appId: string;
  appName: string;
  notificationUrl?: string;
  endpointDisabled: boolean;
  initial: EventEntry;
  replayAction: () => Promise<State>;
}) {
  const key = eventKey(appId, initial.id);
  const { mutate } = useSWRConfig();
  const { data: event = initial, error } = useSWR<EventEntry>(key, fetchJson, {
    fallbackData: initial,
    refreshInterval: (latest) => (latest?.status === "pending" ? LIVE_REFRESH_MS : 0),
  });
  const [state, formAction] = useActionState(async (): Promise<State> => {
    const result = await replayAction();
    const prefix = eventsKeyPrefix(appId);
    await mutate((k) => k === key || (typeof k === "string" && k.startsWith(prefix)));
    return result;
  }, {});
  const deliveries = event.deliveries ?? [];
  const backHref = `/apps/${appId}/events`;

  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: backHref, label: `Events of ${appName}` }}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {event.type} <EventStatusBadge status={event.status} />
          </span>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-sm text-slate-800 [overflow-wrap:anywhere]" data-testid="event-id">
              {event.id}
            </code>
            <CopyButton value={event.id} label="Copy id" ariaLabel="Copy id of this event" />
          </span>
        }
        action={
          <form action={formAction} className="flex flex-col items-end gap-1">
            <SubmitButton className={buttonSecondary} pendingText="Replaying…">
              Replay
            </SubmitButton>
            <span className="max-w-56 text-right text-xs text-slate-500">Sends it again with the same id, from the first attempt.</span>
          </form>
        }
      />

      {state.error && <Alert>{state.error}</Alert>}
      {state.notice && !state.error && <Alert tone="success">{state.notice}</Alert>}
      {error && <Alert>{(error as Error).message}</Alert>}
      {event.status === "failed" && (
        <Alert tone="error" title="Delivery failed (DeliveryExhausted)">
          Every retry failed, so Switchboard stopped trying. Fix the endpoint, then replay the event.
        </Alert>
      )}
      {(!notificationUrl || endpointDisabled) && (
        <Alert tone="warning">
          {!notificationUrl
            ? "The application has no notification URL: a replay is recorded but not sent."
            : "Deliveries are stopped because the endpoint answered 410 Gone: a replay is not sent until the notification URL changes."}{" "}
          <Link href={`/apps/${appId}`} className="font-medium underline hover:no-underline">
            Application settings
          </Link>
        </Alert>
      )}

      <dl className={`${card} grid gap-4 p-5 text-sm sm:grid-cols-4`}>
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd className="mt-1">{formatDateTime(event.created)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Attempts</dt>
          <dd className="mt-1 tabular-nums" data-testid="event-attempts">
            {event.attempts}
            {deliveries.length > event.attempts && <span className="ml-1 text-slate-500">since the last replay</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{event.delivered ? "Delivered" : "Next attempt"}</dt>
          <dd className="mt-1">
            {event.delivered ? (
              formatDateTime(event.delivered)
            ) : event.nextAttempt ? (
              formatDateTime(event.nextAttempt)
            ) : (
              <span className="text-slate-500">None</span>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Notification URL</dt>
          <dd className="mt-1 font-mono text-xs [overflow-wrap:anywhere]">
            {notificationUrl ?? <span className="font-sans text-slate-500">No URL set</span>}
          </dd>
        </div>
      </dl>

      <section className="space-y-3" aria-labelledby="payload-heading">
        <div>
          <h2 id="payload-heading" className="text-lg font-semibold">
            Payload
          </h2>
          <p className="text-sm text-slate-500">
            Sent as the form parameter <code className="font-mono">Json</code>; the same on every attempt and replay.
          </p>
        </div>
        <pre
          data-testid="event-payload"
          tabIndex={0}
          className={
            "overflow-x-auto rounded-lg bg-slate-900 p-4 font-mono text-sm leading-relaxed " +
            "text-slate-100 dark:bg-slate-50 dark:text-slate-900 dark:ring-1 dark:ring-slate-200"
          }
        >
          {JSON.stringify(event.payload, null, 2)}
        </pre>
      </section>

      <section className="space-y-3" aria-labelledby="attempts-heading">
        <h2 id="attempts-heading" className="text-lg font-semibold">
          Delivery attempts <span className="font-normal text-slate-500">({deliveries.length})</span>
        </h2>
        {deliveries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-surface px-5 py-6 text-sm text-slate-600">
            {noAttemptsText(event.status, notificationUrl)}
          </p>
        ) : (
          <ol className="space-y-3">
            {deliveries.map((attempt, i) => (
              <Attempt key={`${attempt.time}-${i}`} attempt={attempt} number={i + 1} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
