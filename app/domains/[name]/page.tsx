import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/alert";
import { CreateUserForm } from "@/components/create-user-form";
import { formatDate } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { StatusBadge } from "@/components/status-badge";
import { UserRowActions } from "@/components/user-row-actions";
import { buttonSecondary, buttonSmall, card, link } from "@/components/styles";
import { defaultAccountId } from "@/lib/billing/assignable-account";
import { listBillingAccounts } from "@/lib/billing/list-billing-accounts";
import { getDomainOverview } from "@/lib/domains/domain-overview";
import { developerActor } from "@/lib/core/tenancy/actor";
import { requireDeveloper } from "@/lib/portal/session";
import { createUserAction, deleteDomainAction, deleteUserAction, resetPasswordAction } from "../actions";
import { DomainSettings } from "./domain-settings";
import { decodedSegment, userPagePath } from "./users/[guid]/user-path";
import { DataTable } from "@/components/data-table";
import { PhoneCard, PhoneField, PhoneFields, PhoneList } from "@/components/phone-list";
import { orNotFound } from "@/lib/portal/or-not-found";

export const metadata: Metadata = { title: "Domain" };
export const dynamic = "force-dynamic";

function PasswordReset() {
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-800">Reset: must change</span>;
}

function fullName(u: { firstName?: string; lastName?: string }) {
  return [u.firstName, u.lastName].filter(Boolean).join(" ");
}

export default async function DomainPage({
  params,
  searchParams,
}: {
  params: Promise<{ name: string }>;
  searchParams: Promise<{ created?: string }>;
}) {
  const name = decodedSegment((await params).name);
  const developer = await requireDeveloper(`/domains/${encodeURIComponent(name)}`);
  const domain = await orNotFound(() => getDomainOverview(developerActor(developer.id), name));
  const joinAccountId = await defaultAccountId(developerActor(developer.id), domain.id);
  const joinAccount = joinAccountId
    ? (await listBillingAccounts(developerActor(developer.id))).find((a) => a.accountId === joinAccountId)
    : undefined;
  const justCreated = (await searchParams).created === "1";
  return (
    <div className="space-y-10">
      <PageHeader
        back={{ href: "/domains", label: "Domains" }}
        title={domain.name}
        description={
          <>
            Created {formatDate(domain.created)}. Its users are known to the API as{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm [overflow-wrap:anywhere]">{domain.name}:&lt;login&gt;</code> and
            sign in to its applications with <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm">&lt;login&gt;</code> or{" "}
            <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm [overflow-wrap:anywhere]">{domain.name}:&lt;login&gt;</code>.
          </>
        }
      />
      {justCreated && (
        <Alert tone="success" title={`Domain ${domain.name} was created`}>
          Add users below, or create an application in it (New application).
        </Alert>
      )}

      <section className="space-y-3" aria-labelledby="apps-heading">
        <div className="flex items-center justify-between gap-4">
          <h2 id="apps-heading" className="text-lg font-semibold">
            Applications
          </h2>
          <Link href={`/apps/new?domain=${encodeURIComponent(domain.name)}`} className={`${buttonSecondary} ${buttonSmall}`}>
            New application
          </Link>
        </div>
        {domain.applications.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-surface px-5 py-6 text-sm text-slate-600">
            No applications in this domain. New application creates one in <span className="font-mono">{domain.name}</span>.
          </p>
        ) : (
          <ul className={`${card} divide-y divide-slate-100`}>
            {domain.applications.map((app) => (
              <li key={app.internalId} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm">
                <div>
                  <Link href={`/apps/${app.internalId}`} className={link}>
                    {app.displayName}
                  </Link>
                  <div className="font-mono text-xs break-all text-slate-500">{app.id}</div>
                  {app.description && <p className="text-slate-500">{app.description}</p>}
                </div>
                <StatusBadge suspended={app.suspended} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="space-y-3" aria-labelledby="users-heading">
        <h2 id="users-heading" className="text-lg font-semibold">
          Users <span className="font-normal text-slate-500">({domain.users.totalResults})</span>
        </h2>
        {domain.users.totalResults === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-surface px-5 py-6 text-sm text-slate-600">
            No users yet. Add one below, or let your application create them with <span className="font-mono">POST /rest/1.0/users</span>.
          </p>
        ) : (
          <>
            <PhoneList label="Users">
              {domain.users.entry.map((u) => (
                <PhoneCard key={u.guid} testId={`user-card-${u.login}`}>
                  <Link href={userPagePath(domain.name, u.guid)} className={`${link} break-all`}>
                    {u.login}
                  </Link>
                  <PhoneFields>
                    <PhoneField label="Name">{fullName(u) || <span className="text-slate-500">—</span>}</PhoneField>
                    <PhoneField label="Password">{u.pwdStatus === "reset" ? <PasswordReset /> : "Set"}</PhoneField>
                    <PhoneField label="Created">{formatDate(u.createdOn)}</PhoneField>
                  </PhoneFields>
                  <UserRowActions
                    login={u.login}
                    resetAction={resetPasswordAction.bind(null, domain.name, u.guid)}
                    deleteAction={deleteUserAction.bind(null, domain.name, u.guid)}
                  />
                </PhoneCard>
              ))}
            </PhoneList>
            <div className="hidden sm:block">
              <DataTable
                columns={[
                  { label: "Login" },
                  { label: "Name" },
                  { label: "Password" },
                  { label: "Created" },
                  { label: "Actions", align: "right", hidden: true },
                ]}
              >
                {domain.users.entry.map((u) => (
                  <tr key={u.guid} data-testid={`user-row-${u.login}`} className="align-middle">
                    <td className="px-5 py-3 break-all">
                      <Link href={userPagePath(domain.name, u.guid)} className={link}>
                        {u.login}
                      </Link>
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap text-slate-700">{fullName(u) || <span className="text-slate-500">—</span>}</td>
                    <td className="px-5 py-3 whitespace-nowrap">
                      {u.pwdStatus === "reset" ? <PasswordReset /> : <span className="text-slate-600">Set</span>}
                    </td>
                    <td className="px-5 py-3 whitespace-nowrap text-slate-600">{formatDate(u.createdOn)}</td>
                    <td className="px-5 py-3">
                      <UserRowActions
                        login={u.login}
                        resetAction={resetPasswordAction.bind(null, domain.name, u.guid)}
                        deleteAction={deleteUserAction.bind(null, domain.name, u.guid)}
                      />
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          </>
        )}
        {domain.users.totalResults > domain.users.entry.length && (
          <p className="text-sm text-slate-500">
            Showing the first {domain.users.entry.length} of {domain.users.totalResults} users.
          </p>
        )}
      </section>

      <CreateUserForm domain={domain.name} billingAccount={joinAccount?.name} action={createUserAction.bind(null, domain.name)} />

      <DomainSettings name={domain.name} deleteAction={deleteDomainAction.bind(null, domain.name)} />
    </div>
  );
}
