import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { formatDate } from "@/components/format-date";
import { PageHeader } from "@/components/page-header";
import { buttonPrimary, card, link } from "@/components/styles";
import { listDeveloperDomains } from "@/lib/domains/portal";
import { requireDeveloper } from "@/lib/portal/session";

export const metadata: Metadata = { title: "Domains" };
export const dynamic = "force-dynamic";

export default async function DomainsPage() {
  const developer = await requireDeveloper("/domains");
  const domains = await listDeveloperDomains(developer.id);
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
      {domains.length === 0 ? (
        <EmptyState
          title="You have no domains yet"
          action={
            <Link href="/apps/new" className={buttonPrimary}>
              Create an application
            </Link>
          }
        >
          <p>A domain is created with your first application: choose its name in the application form.</p>
        </EmptyState>
      ) : (
        <div className={`${card} overflow-x-auto`}>
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-3 font-medium">Domain</th>
                <th scope="col" className="px-5 py-3 text-right font-medium">Applications</th>
                <th scope="col" className="px-5 py-3 text-right font-medium">Users</th>
                <th scope="col" className="px-5 py-3 font-medium">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
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
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
