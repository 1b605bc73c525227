import type { Metadata } from "next";
import Link from "next/link";
import { ApplicationSettingsForm } from "@/components/application-settings-form";
import { ApplicationStatusForm } from "@/components/application-status-form";
import { CreditStatusBadge } from "@/components/credit-status-badge";
import { ConsumerCredentials } from "@/components/consumer-credentials";
import { DeleteApplicationForm } from "@/components/delete-application-form";
import { formatDate } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { buttonSecondary, card, link } from "@/components/styles";
import { getPortalApplication } from "@/lib/applications/get-application";
import { listBillingAccounts } from "@/lib/billing/list-billing-accounts";
import { developerActor } from "@/lib/core/tenancy/actor";
import { getApplicationWebhook } from "@/lib/events/webhook-status";
import { requireDeveloper } from "@/lib/portal/session";
import { deleteApplicationAction, rotateSecretAction, setSuspendedAction, updateSettingsAction } from "../actions";
import { orNotFound } from "@/lib/portal/or-not-found";

export const metadata: Metadata = { title: "Application" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ApplicationPage({ params, searchParams }: Props) {
  const { id } = await params;
  const developer = await requireDeveloper(`/apps/${id}`);
  const actor = developerActor(developer.id);
  const app = await orNotFound(() => getPortalApplication(actor, id));
  const webhook = await getApplicationWebhook(actor, app.internalId);
  const billingAccounts = await listBillingAccounts(actor);
  const defaultAccount = billingAccounts.find((a) => a.accountId === app.defaultBillingAccountId);
  const justCreated = (await searchParams).created === "1";
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: "/apps", label: "Applications" }}
        title={
          <span className="flex flex-wrap items-center gap-3">
            {app.displayName} <StatusBadge suspended={app.suspended} />
          </span>
        }
        description={app.description || undefined}
        action={
          <span className="flex flex-wrap gap-2">
            <Link href={`/apps/${app.internalId}/console`} className={buttonSecondary}>
              API console
            </Link>
            <Link href={`/apps/${app.internalId}/events`} className={buttonSecondary}>
              Events
            </Link>
            <Link href={`/apps/${app.internalId}/watch`} className={buttonSecondary}>
              Watch events
            </Link>
            <Link href={`/apps/${app.internalId}/calls`} className={buttonSecondary}>
              Calls
            </Link>
          </span>
        }
      />
      <dl className={`${card} grid gap-4 p-5 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]`}>
        <div>
          <dt className="text-slate-500">Application id</dt>
          <dd className="mt-1 font-mono [overflow-wrap:anywhere]" data-testid="app-public-id">
            {app.id}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Domain</dt>
          <dd className="mt-1">
            <Link href={`/domains/${encodeURIComponent(app.domain)}`} className={link}>
              {app.domain}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Created</dt>
          <dd className="mt-1">{formatDate(app.created)}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600" data-testid="webhook-status">
        <span className="font-medium text-slate-800">Webhooks:</span>{" "}
        {!webhook.notificationUrl
          ? "off. Events are recorded but not sent until you set a notification URL below (or watch them live, without a URL, with Watch events)."
          : webhook.disabledAt
            ? `stopped. The endpoint answered 410 Gone on ${formatDate(webhook.disabledAt)}; set a new notification URL to resume.`
            : "on. Signed events go to the notification URL below."}{" "}
        <Link href={`/apps/${app.internalId}/events`} className={link}>
          Delivery log and signing secret
        </Link>
      </p>
      <p className="text-sm text-slate-600" data-testid="app-credit">
        <span className="font-medium text-slate-800">Credit:</span>{" "}
        {defaultAccount ? (
          <>
            <span className="font-medium whitespace-nowrap text-slate-800">
              {defaultAccount.balance} {defaultAccount.currency}
            </span>{" "}
            <CreditStatusBadge status={defaultAccount.status} /> in{" "}
            <Link href={`/billing/${defaultAccount.accountId}`} className={link}>
              {defaultAccount.name}
            </Link>
            , the default billing account new users join.
          </>
        ) : (
          "no default billing account. Choose one below so new users can hold numbers, call and send messages."
        )}
      </p>
      <ConsumerCredentials
        appId={app.internalId}
        consumerKey={app.consumerKey}
        justCreated={justCreated}
        rotateAction={rotateSecretAction.bind(null, app.internalId)}
      />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <ApplicationSettingsForm
          settings={{
            displayName: app.displayName,
            description: app.description,
            notificationUrl: app.notificationUrl ?? "",
            allow2legged: app.allow2legged,
            requireSignedBodies: app.requireSignedBodies,
            eventNames: app.eventNames,
            defaultBillingAccountId: app.defaultBillingAccountId ?? "",
            allowJsonTunnel: app.allowJsonTunnel,
            legacyOAuth10: app.legacyOAuth10,
            serviceProvider: app.serviceProvider,
            testTool: app.testTool,
            callbackUrlPrefixes: app.callbackUrlPrefixes,
          }}
          billingAccounts={billingAccounts}
          action={updateSettingsAction.bind(null, app.internalId)}
        />
        <div className="space-y-6">
          <ApplicationStatusForm suspended={app.suspended} action={setSuspendedAction.bind(null, app.internalId, !app.suspended)} />
          <DeleteApplicationForm displayName={app.displayName} action={deleteApplicationAction.bind(null, app.internalId)} />
        </div>
      </div>
    </div>
  );
}
