import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { buttonSecondary } from "@/components/styles";
import { getPortalApplication } from "@/lib/applications/get-application";
import { developerActor } from "@/lib/core/tenancy/actor";
import { restUrl } from "@/lib/core/urls";
import { requireDeveloper } from "@/lib/portal/session";
import { sendConsoleRequestAction } from "./actions";
import { ApiConsoleForm } from "./api-console-form";
import { orNotFound } from "@/lib/portal/or-not-found";

export const metadata: Metadata = { title: "API console" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export default async function ApiConsolePage({ params }: Props) {
  const { id } = await params;
  const developer = await requireDeveloper(`/apps/${id}/console`);
  const app = await orNotFound(() => getPortalApplication(developerActor(developer.id), id));
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: `/apps/${app.internalId}`, label: app.displayName }}
        title="API console"
        description={
          <>
            Try the REST API as <span className="font-mono text-[0.95em] text-slate-800">{app.id}</span>. Requests are signed on the server with this
            application&apos;s keys and run for real: what you create, change or delete here really changes.
          </>
        }
        action={
          <Link href="/docs/api" className={buttonSecondary}>
            API reference
          </Link>
        }
      />
      <ApiConsoleForm
        baseUrl={restUrl("")}
        appPublicId={app.id}
        domain={app.domain}
        suspended={app.suspended}
        action={sendConsoleRequestAction.bind(null, app.internalId)}
      />
    </div>
  );
}
