import type { Metadata } from "next";
import Link from "next/link";
import { CreditStatusBadge } from "@/components/credit-status-badge";
import { EmptyState } from "@/components/empty-state";
import { BalanceBars, DailyBars, DeliveryBars } from "@/components/overview-charts";
import { PageHeader } from "@/components/page-header";
import { buttonPrimary, card, link } from "@/components/styles";
import { countOf } from "@/lib/core/text/count-of";
import { developerActor } from "@/lib/core/tenancy/actor";
import { applicationActivity } from "@/lib/overview/application-activity";
import { callActivity } from "@/lib/overview/call-activity";
import { creditActivity } from "@/lib/overview/credit-activity";
import { overviewWindow, type DayCount } from "@/lib/overview/days";
import { deliveryActivity } from "@/lib/overview/delivery-activity";
import { messageActivity } from "@/lib/overview/message-activity";
import { userActivity } from "@/lib/overview/user-activity";
import { requireDeveloper } from "@/lib/portal/session";

export const metadata: Metadata = { title: "Overview" };
export const dynamic = "force-dynamic";

/** "3 on 27 Nov" for the busiest day, for the chart's screen-reader summary. */
function peak(daily: DayCount[]): string {
  const top = daily.reduce<DayCount | undefined>((a, b) => (!a || b.count > a.count ? b : a), undefined);
  if (!top || top.count === 0) return "none on any day";
  const date = new Date(`${top.day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
  return `the most, ${top.count}, on ${date}`;
}

function Figure({
  title,
  href,
  testId,
  value,
  detail,
  children,
}: {
  title: string;
  href: string;
  testId: string;
  value?: React.ReactNode;
  detail: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className={`${card} flex min-w-0 flex-col gap-3 p-5`} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${testId}-title`} className="font-semibold">
          <Link href={href} className="hover:underline">
            {title}
          </Link>
        </h2>
        {value !== undefined && (
          <span className="text-2xl font-semibold tabular-nums" data-testid={`${testId}-value`}>
            {value}
          </span>
        )}
      </div>
      <p className="text-sm text-slate-600" data-testid={`${testId}-detail`}>
        {detail}
      </p>
      {children}
    </section>
  );
}

function Quiet({ children }: { children: React.ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 px-3 py-3 text-sm text-slate-600">{children}</p>;
}

function LinkList({ label, items }: { label: string; items: { href: string; text: string; count: React.ReactNode }[] }) {
  return (
    <ul aria-label={label} className="space-y-1 text-sm">
      {items.slice(0, 3).map((i) => (
        <li key={i.href} className="flex items-baseline justify-between gap-3">
          <Link href={i.href} className={`${link} min-w-0 truncate`}>
            {i.text}
          </Link>
          <span className="shrink-0 text-slate-600 tabular-nums">{i.count}</span>
        </li>
      ))}
    </ul>
  );
}

export default async function OverviewPage() {
  const developer = await requireDeveloper("/overview");
  const actor = developerActor(developer.id);
  const window = overviewWindow();
  const [apps, users, calls, messages, deliveries, credit] = await Promise.all([
    applicationActivity(actor, window),
    userActivity(actor, window),
    callActivity(actor, window),
    messageActivity(actor, window),
    deliveryActivity(actor, window),
    creditActivity(actor, window),
  ]);
  const newApp = (
    <Link href="/apps/new" className={buttonPrimary}>
      New application
    </Link>
  );
  const header = (
    <PageHeader
      title="Overview"
      description="What your applications and their users did over the last 30 days. Days are UTC days; “today” began at midnight UTC."
    />
  );
  if (apps.total === 0 && users.total === 0 && credit.length === 0) {
    return (
      <div className="space-y-8">
        {header}
        <EmptyState title="Nothing to count yet" action={newApp}>
          <p>
            This page counts what your applications do: their users, the calls they place, the messages they send and receive, the events delivered to
            their notification URL, and the credit left in your billing accounts.
          </p>
          <p>Start with an application: it gives you a consumer key and secret for the REST API and a domain for its users.</p>
        </EmptyState>
      </div>
    );
  }
  const failing = deliveries.byApplication.filter((a) => a.failed > 0);
  return (
    <div className="space-y-8">
      {header}
      <div className="grid gap-4 md:grid-cols-2">
        <Figure
          title="Applications"
          href="/apps"
          testId="overview-applications"
          value={apps.total}
          detail={`${apps.today} created today · ${apps.last30Days} in the last 30 days`}
        >
          {apps.last30Days > 0 ? (
            <DailyBars name="Created" data={apps.daily} label={`Applications created per day over 30 days: ${peak(apps.daily)}.`} />
          ) : (
            <Quiet>No application was created in the last 30 days.</Quiet>
          )}
          <Link href="/apps" className={`${link} text-sm`}>
            All applications
          </Link>
        </Figure>

        <Figure
          title="Users"
          href="/domains"
          testId="overview-users"
          value={users.total}
          detail={`${users.today} created today · ${users.last30Days} in the last 30 days`}
        >
          {users.last30Days > 0 ? (
            <DailyBars name="Created" data={users.daily} label={`Users created per day over 30 days: ${peak(users.daily)}.`} />
          ) : (
            <Quiet>
              No user was created in the last 30 days. Applications create users through the API; you can add them on a domain&apos;s page.
            </Quiet>
          )}
          <Link href="/domains" className={`${link} text-sm`}>
            Users by domain
          </Link>
        </Figure>

        <Figure
          title="Calls"
          href={calls.byApplication[0] ? `/apps/${calls.byApplication[0].id}/calls` : "/apps"}
          testId="overview-calls"
          value={calls.last30Days}
          detail={`${calls.today} today · ${countOf(calls.last30Days, "call")} in the last 30 days`}
        >
          {calls.last30Days > 0 ? (
            <>
              <DailyBars name="Calls" data={calls.daily} label={`Calls per day over 30 days: ${peak(calls.daily)}.`} />
              <LinkList
                label="Calls by application"
                items={calls.byApplication.map((a) => ({ href: `/apps/${a.id}/calls`, text: a.displayName, count: a.count }))}
              />
            </>
          ) : (
            <Quiet>No calls in the last 30 days. Place a test call from a user&apos;s Calls page, or with POST /calls/&#123;guid&#125;.</Quiet>
          )}
        </Figure>

        <Figure
          title="Messages"
          href={
            messages.byUser[0] ? `/domains/${encodeURIComponent(messages.byUser[0].domain)}/users/${messages.byUser[0].guid}/messages` : "/domains"
          }
          testId="overview-messages"
          value={messages.last30Days}
          detail={`${messages.today} today · ${countOf(messages.last30Days, "message")} in the last 30 days (SMS, voicemail and audio messages)`}
        >
          {messages.last30Days > 0 ? (
            <>
              <DailyBars name="Messages" data={messages.daily} label={`Messages per day over 30 days: ${peak(messages.daily)}.`} />
              <LinkList
                label="Messages by user"
                items={messages.byUser.map((u) => ({
                  href: `/domains/${encodeURIComponent(u.domain)}/users/${u.guid}/messages`,
                  text: `${u.login} (${u.domain})`,
                  count: u.count,
                }))}
              />
            </>
          ) : (
            <Quiet>No messages in the last 30 days. Send an SMS from a user&apos;s Messages page once the user has a number.</Quiet>
          )}
        </Figure>

        <Figure
          title="Event deliveries"
          href={deliveries.byApplication[0] ? `/apps/${deliveries.byApplication[0].id}/events` : "/apps"}
          testId="overview-deliveries"
          value={
            <>
              <span className="text-emerald-700">{deliveries.delivered}</span>
              <span className="px-1 text-slate-400" aria-hidden>
                /
              </span>
              <span className={deliveries.failed ? "text-red-700" : "text-slate-600"}>{deliveries.failed}</span>
            </>
          }
          detail={
            <>
              {deliveries.delivered} delivered, {deliveries.failed} failed in the last 30 days ({deliveries.deliveredToday} and{" "}
              {deliveries.failedToday} today)
              {deliveries.pending > 0 && `; ${deliveries.pending} waiting for a retry`}
              {deliveries.notSent > 0 && `; ${deliveries.notSent} not sent (no notification URL)`}
            </>
          }
        >
          {deliveries.delivered + deliveries.failed > 0 ? (
            <DeliveryBars
              data={deliveries.daily}
              label={`Events delivered (green) and failed (red) per day over 30 days: ${deliveries.delivered} delivered, ${deliveries.failed} failed.`}
            />
          ) : (
            <Quiet>No event was delivered or failed in the last 30 days. Set a notification URL on an application and send it a test event.</Quiet>
          )}
          {deliveries.byApplication.length > 0 && (
            <LinkList
              label="Events by application"
              items={(failing.length ? failing : deliveries.byApplication).map((a) => ({
                href: `/apps/${a.id}/events${a.failed ? "?status=failed" : ""}`,
                text: a.displayName,
                count: a.failed ? `${a.failed} failed` : countOf(a.count, "event"),
              }))}
            />
          )}
        </Figure>

        <Figure
          title="Credit"
          href="/billing"
          testId="overview-credit"
          detail={`${countOf(credit.length, "billing account")}: the balance now, and at the end of each of the last 30 days`}
        >
          {credit.length === 0 ? (
            <Quiet>No billing account yet. Calls, SMS and numbers need credit: create an account on the Billing page.</Quiet>
          ) : (
            <ul className="space-y-4" aria-label="Billing accounts">
              {credit.slice(0, 3).map((a) => (
                <li key={a.accountId} className="space-y-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
                    <Link href={`/billing/${a.accountId}`} className={`${link} min-w-0 truncate`}>
                      {a.name}
                    </Link>
                    <span className="flex items-center gap-2">
                      <span className="font-medium tabular-nums" data-testid={`overview-balance-${a.name}`}>
                        {a.balance} {a.currency}
                      </span>
                      <CreditStatusBadge status={a.status} />
                    </span>
                  </div>
                  <BalanceBars
                    data={a.daily}
                    currency={a.currency}
                    label={`Balance of ${a.name} at the end of each day over 30 days, now ${a.balance} ${a.currency}.`}
                  />
                </li>
              ))}
            </ul>
          )}
          <Link href="/billing" className={`${link} text-sm`}>
            All billing accounts
          </Link>
        </Figure>
      </div>
    </div>
  );
}
