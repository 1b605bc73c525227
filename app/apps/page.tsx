import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/alert";
import { EmptyState } from "@/components/empty-state";
import { formatDate } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { buttonPrimary, link } from "@/components/styles";
import { listPortalApplications } from "@/lib/applications/list-applications";
import { developerActor } from "@/lib/core/tenancy/actor";
import { requireDeveloper } from "@/lib/portal/session";
import { DataTable } from "@/components/data-table";
import { PhoneCard, PhoneField, PhoneFields, PhoneList } from "@/components/phone-list";

export const metadata: Metadata = { title: "Applications" };
export const dynamic = "force-dynamic";

export default async function ApplicationsPage({ searchParams }: { searchParams: Promise<{ deleted?: string }> }) {
  const developer = await requireDeveloper("/apps");
  const deleted = (await searchParams).deleted === "1";
  const apps = (await listPortalApplications(developerActor(developer.id))).entry;
  const newButton = (
    <Link href="/apps/new" className={buttonPrimary}>
      New application
    </Link>
  );
  return (
    <div className="space-y-8">
      <PageHeader
        title="Applications"
        description="Each application has its own consumer key and secret to sign REST API requests, and lives in one of your domains."
        action={apps.length > 0 ? newButton : undefined}
      />
      {deleted && <Alert tone="success">The application was deleted.</Alert>}
      {apps.length === 0 ? (
        <EmptyState title="You have no applications yet" action={newButton}>
          <p>
            An application is what calls the REST API: your web app, mobile app or script. Creating one gives you a consumer key and secret to sign
            requests with OAuth 1.0a, and a domain that holds its users.
          </p>
        </EmptyState>
      ) : (
        <>
          <PhoneList label="Applications">
            {apps.map((app) => (
              <PhoneCard key={app.internalId} testId={`app-card-${app.id}`}>
                <div className="flex items-start justify-between gap-3">
                  <Link href={`/apps/${app.internalId}`} className={`${link} [overflow-wrap:anywhere]`}>
                    {app.displayName}
                  </Link>
                  <span className="shrink-0">
                    <StatusBadge suspended={app.suspended} />
                  </span>
                </div>
                <p className="font-mono text-xs text-slate-500 [overflow-wrap:anywhere]">{app.id}</p>
                <PhoneFields>
                  <PhoneField label="Domain">
                    <Link href={`/domains/${encodeURIComponent(app.domain)}`} className="text-slate-700 hover:text-slate-900 hover:underline">
                      {app.domain}
                    </Link>
                  </PhoneField>
                  <PhoneField label="Created">{formatDate(app.created)}</PhoneField>
                </PhoneFields>
              </PhoneCard>
            ))}
          </PhoneList>
          <div className="hidden sm:block">
            <DataTable columns={[{ label: "Application" }, { label: "Domain" }, { label: "Status" }, { label: "Created" }]}>
              {apps.map((app) => (
                <tr key={app.internalId} className="hover:bg-slate-50">
                  <td className="px-5 py-3">
                    <Link href={`/apps/${app.internalId}`} className={link}>
                      {app.displayName}
                    </Link>
                    <div className="font-mono text-xs text-slate-500">{app.id}</div>
                  </td>
                  <td className="px-5 py-3">
                    <Link href={`/domains/${encodeURIComponent(app.domain)}`} className="text-slate-700 hover:text-slate-900 hover:underline">
                      {app.domain}
                    </Link>
                  </td>
                  <td className="px-5 py-3">
                    <StatusBadge suspended={app.suspended} />
                  </td>
                  <td className="px-5 py-3 whitespace-nowrap text-slate-600">{formatDate(app.created)}</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
    </div>
  );
}
