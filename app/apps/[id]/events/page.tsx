import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/alert";
import { formatDateTime } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { buttonSecondary, buttonSmall, card, link } from "@/components/styles";
import { WebhookSigningSecret } from "@/components/webhook-signing-secret";
import { config } from "@/lib/core/config";
import { isEventStatus } from "@/lib/events/contracts";
import { EVENTS_PAGE_SIZE } from "@/lib/events/events";
import { getApplicationWebhook, getEventLog, type ApplicationWebhook } from "@/lib/events/webhook-status";
import { developerActor } from "@/lib/core/tenancy/actor";
import { requireDeveloper } from "@/lib/portal/session";
import { rotateWebhookSecretAction, sendTestEventAction } from "./actions";
import { EventsList, type EventsQuery } from "./events-list";
import { SendTestEventButton } from "./send-test-event-button";
import { orNotFound } from "@/lib/portal/or-not-found";
import { firstParam, type SearchParams } from "@/lib/portal/search-params";

export const metadata: Metadata = { title: "Events" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> };

/** [5000, 300000, 7200000] -> "5 s, 5 min and 2 h" */
function describeSchedule(delays: number[]): string {
  const one = (ms: number) =>
    ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : ms % 60_000 === 0 ? `${ms / 60_000} min` : ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
  const parts = delays.map(one);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : (parts[0] ?? "");
}

/** ?status=pending&type=TestEvent&start=20; anything unknown falls back to "all" / the first page. */
function parseQuery(params: SearchParams): EventsQuery {
  const status = firstParam(params.status);
  const type = firstParam(params.type)?.trim().slice(0, 200);
  const start = firstParam(params.start);
  return {
    status: isEventStatus(status) ? status : undefined,
    type: type || undefined,
    startIndex: start && /^\d{1,9}$/.test(start) ? Number(start) : 0,
  };
}

/** Where events go, or why they do not go anywhere. */
function Endpoint({ webhook }: { webhook: ApplicationWebhook }) {
  const appHref = `/apps/${webhook.internalId}`;
  if (!webhook.notificationUrl) {
    return (
      <div data-testid="endpoint">
        <Alert tone="warning" title="No notification URL: events are recorded but not sent.">
          <Link href={appHref} className="font-medium underline hover:no-underline">
            Set one on the application page.
          </Link>{" "}
          Until then every new event is listed here as Disabled; you can replay it once a URL is set. Or{" "}
          <Link href={`${appHref}/watch`} className="font-medium underline hover:no-underline">
            watch events live
          </Link>{" "}
          at the application&apos;s built-in receiver, no URL needed.
        </Alert>
      </div>
    );
  }
  return (
    <section className={`${card} space-y-4 p-5`} aria-labelledby="endpoint-heading" data-testid="endpoint">
      {webhook.disabledAt && (
        <Alert tone="warning" title="Deliveries stopped: the endpoint answered 410 Gone">
          On {formatDateTime(webhook.disabledAt)} this URL answered <strong>410 Gone</strong>, which means it no longer accepts events. Nothing is
          sent until you{" "}
          <Link href={appHref} className="font-medium underline hover:no-underline">
            change the notification URL
          </Link>
          . Events recorded meanwhile are marked Disabled; replay the ones you need afterwards.
        </Alert>
      )}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="endpoint-heading" className="text-sm font-medium text-slate-500">
            Notification URL
          </h2>
          <p className="mt-1 font-mono text-sm [overflow-wrap:anywhere]" data-testid="notification-url">
            {webhook.notificationUrl}
          </p>
        </div>
        <Link href={appHref} className={`${buttonSecondary} ${buttonSmall}`}>
          Change
        </Link>
      </div>
      <p className="text-sm text-slate-600">
        Each event is POSTed here as a form parameter <code className="font-mono text-[0.9em]">Json</code>, signed with the secret below. A failed
        delivery is retried after {describeSchedule(config().retryScheduleMs)}, then marked Failed.{" "}
        <Link href="/docs/webhooks" className={link}>
          How webhooks work
        </Link>
      </p>
    </section>
  );
}

export default async function ApplicationEventsPage({ params, searchParams }: Props) {
  const { id } = await params;
  const developer = await requireDeveloper(`/apps/${id}/events`);
  const actor = developerActor(developer.id);
  const webhook = await orNotFound(() => getApplicationWebhook(actor, id));
  const query = parseQuery(await searchParams);
  const initial = await getEventLog(actor, webhook.internalId, { ...query, startIndex: String(query.startIndex) });
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: `/apps/${webhook.internalId}`, label: webhook.displayName }}
        title="Events"
        description={
          <>
            What <span className="font-mono text-[0.95em] text-slate-800">{webhook.id}</span> was sent, with every delivery attempt. Statuses update
            while deliveries are under way.
          </>
        }
        action={<SendTestEventButton appId={webhook.internalId} action={sendTestEventAction.bind(null, webhook.internalId)} />}
      />
      <Endpoint webhook={webhook} />
      <EventsList appId={webhook.internalId} query={query} pageSize={EVENTS_PAGE_SIZE} initial={initial} endpointDisabledAt={webhook.disabledAt} />
      <WebhookSigningSecret
        appId={webhook.internalId}
        previousSecretUntil={webhook.previousSecretUntil}
        rotateAction={rotateWebhookSecretAction.bind(null, webhook.internalId)}
      />
    </div>
  );
}
