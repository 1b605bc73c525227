import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/alert";
import { EmptyState } from "@/components/empty-state";
import { formatDate } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { buttonSecondary, link } from "@/components/styles";
import { listDomainOverviews } from "@/lib/domains/domain-overview";
import { developerActor } from "@/lib/core/tenancy/actor";
import { requireDeveloper } from "@/lib/portal/session";
import { DataTable } from "@/components/data-table";
import { NewDomainForm } from "./new-domain-form";

export const metadata: Metadata = { title: "Domains" };
export const dynamic = "force-dynamic";

export default async function DomainsPage({ searchParams }: { searchParams: Promise<{ deleted?: string }> }) {
  const developer = await requireDeveloper("/domains");
  const deleted = (await searchParams).deleted === "1";
  const domains = await listDomainOverviews(developerActor(developer.id));
  return (
    <div className="space-y-8">
      <PageHeader
        title="Domains"
        description={
          <>
            A domain holds users and the applications they use. The API knows each user as{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm whitespace-nowrap">&lt;domain&gt;:&lt;login&gt;</code>; an
            application only sees the users of its own domain.
          </>
        }
      />
      {deleted && <Alert tone="success">The domain was deleted.</Alert>}
      {domains.length === 0 ? (
        <EmptyState
          title="You have no domains yet"
          action={
            <Link href="/apps/new" className={buttonSecondary}>
              Create an application
            </Link>
          }
        >
          <p>Create one below, or let your first application create it: choose its name in the application form.</p>
        </EmptyState>
      ) : (
        <DataTable
          columns={[{ label: "Domain" }, { label: "Applications", align: "right" }, { label: "Users", align: "right" }, { label: "Created" }]}
        >
          {domains.map((d) => (
            <tr key={d.name} className="hover:bg-slate-50">
              <td className="px-5 py-3">
                <Link href={`/domains/${encodeURIComponent(d.name)}`} className={link}>
                  {d.name}
                </Link>
                {d.isDefault && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">default</span>}
              </td>
              <td className="px-5 py-3 text-right tabular-nums">{d.applications}</td>
              <td className="px-5 py-3 text-right tabular-nums">{d.users}</td>
              <td className="px-5 py-3 whitespace-nowrap text-slate-600">{formatDate(d.created)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <NewDomainForm />
    </div>
  );
}
