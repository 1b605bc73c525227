import type { Metadata } from "next";
import { PageHeader } from "@/components/page-header";
import { card } from "@/components/styles";
import { listDomainOverviews } from "@/lib/domains/domain-overview";
import { developerActor } from "@/lib/tenancy/actor";
import { requireDeveloper } from "@/lib/portal/session";
import { NewApplicationForm } from "./new-application-form";

export const metadata: Metadata = { title: "New application" };
export const dynamic = "force-dynamic";

export default async function NewApplicationPage() {
  const developer = await requireDeveloper("/apps/new");
  const domains = (await listDomainOverviews(developerActor(developer.id))).map((d) => d.name);
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <PageHeader
        back={{ href: "/apps", label: "Applications" }}
        title="New application"
        description="You get a consumer key and secret for it right away. The secret is shown once after creation: copy it then."
      />
      <div className={`${card} p-6`}>
        <NewApplicationForm domains={domains} />
      </div>
    </div>
  );
}
