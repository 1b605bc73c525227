import type { Metadata } from "next";
import Link from "next/link";
import { CallHistory, callHistoryQuery } from "@/components/call-history";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { link } from "@/components/styles";
import { getPortalApplication } from "@/lib/applications/get-application";
import { listApplicationCalls } from "@/lib/calls/list-application-calls";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";
import { callPagePath } from "@/app/domains/[name]/users/[guid]/user-path";

export const metadata: Metadata = { title: "Calls" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ApplicationCallsPage({ params, searchParams }: Props) {
  const { id } = await params;
  const developer = await requireDeveloper(`/apps/${id}/calls`);
  const actor = developerActor(developer.id);
  const app = await orNotFound(() => getPortalApplication(actor, id));
  const { filters, query } = callHistoryQuery(await searchParams);
  const calls = await listApplicationCalls(actor, app.internalId, query);
  const domainHref = `/domains/${encodeURIComponent(app.domain)}`;
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: `/apps/${app.internalId}`, label: app.displayName }}
        title="Calls"
        description={
          <>
            Calls placed through <span className="font-mono text-[0.95em] text-slate-800">{app.id}</span>, for every user, newest first. Open a call
            to follow it live; place test calls from a user&apos;s Calls page.
          </>
        }
      />
      <CallHistory
        page={calls}
        filters={filters}
        basePath={`/apps/${app.internalId}/calls`}
        callHref={(call) => callPagePath(app.domain, call.user, call.id)}
        empty={
          <EmptyState title="No calls through this application yet">
            <p>
              Calls appear here once the application places one (POST /rest/1.0/calls/&lt;user guid&gt;) or a guest calls with one of its tokens. To
              try the simulator, open a user in{" "}
              <Link href={domainHref} className={link}>
                {app.domain}
              </Link>{" "}
              and use Calls → Place a test call.
            </p>
          </EmptyState>
        }
      />
    </div>
  );
}
