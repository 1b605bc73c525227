import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { buttonPrimary, card, link } from "@/components/styles";
import { listDomainOverviews } from "@/lib/domains/domain-overview";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";

export const metadata: Metadata = { title: "Media" };
export const dynamic = "force-dynamic";

/** Media is kept per domain: pick one. */
export default async function MediaPage() {
  const developer = await requireDeveloper("/media");
  const domains = await listDomainOverviews(developerActor(developer.id));
  return (
    <div className="space-y-8">
      <PageHeader title="Media" description="Each domain has its own folders and files: IVR prompts, recordings, any text or audio." />
      {domains.length === 0 ? (
        <EmptyState
          title="No domains yet"
          action={
            <Link href="/domains" className={buttonPrimary}>
              Create a domain
            </Link>
          }
        >
          <p>Media lives in a domain. Create one, or an application (which creates its domain), then come back.</p>
        </EmptyState>
      ) : (
        <ul className={`${card} divide-y divide-slate-100`}>
          {domains.map((d) => (
            <li key={d.name} className="px-5 py-3 text-sm">
              <Link href={`/media/${encodeURIComponent(d.name)}`} className={link}>
                {d.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
