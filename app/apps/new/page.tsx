import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { card } from "@/components/styles";
import { listDomainOverviews } from "@/lib/domains/domain-overview";
import { developerActor } from "@/lib/core/tenancy/actor";
import { requireDeveloper } from "@/lib/portal/session";
import { firstParam } from "@/lib/portal/search-params";
import { NewApplicationForm } from "./new-application-form";

export const metadata: Metadata = { title: "New application" };
export const dynamic = "force-dynamic";

export default async function NewApplicationPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const from = firstParam((await searchParams).domain) ?? "";
  const developer = await requireDeveloper(from ? `/apps/new?domain=${encodeURIComponent(from)}` : "/apps/new");
  const domains = (await listDomainOverviews(developerActor(developer.id))).map((d) => d.name);
  // ?domain= from a domain page's "New application": prefilled when it is one of the developer's domains.
  const initialDomain = domains.includes(from) ? from : "";
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <PageHeader
        back={{ href: "/apps", label: "Applications" }}
        title="New application"
        description="You get a consumer key and secret for it right away. The secret is shown once after creation: copy it then."
      />
      <div className={`${card} p-6`}>
        <NewApplicationForm domains={domains} initialDomain={initialDomain} />
      </div>
    </div>
  );
}
