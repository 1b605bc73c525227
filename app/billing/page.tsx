import type { Metadata } from "next";
import Link from "next/link";
import { CreditStatusBadge } from "@/components/credit-status-badge";
import { DataTable } from "@/components/data-table";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { link } from "@/components/styles";
import { listBillingAccounts } from "@/lib/billing/list-billing-accounts";
import { billingCurrencies } from "@/lib/billing/pricing";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";
import { createBillingAccountAction } from "./actions";
import { NewBillingAccountForm } from "./billing-forms";

export const metadata: Metadata = { title: "Billing" };
export const dynamic = "force-dynamic";

export default async function BillingPage() {
  const developer = await requireDeveloper("/billing");
  const accounts = await listBillingAccounts(developerActor(developer.id));
  return (
    <div className="space-y-8">
      <PageHeader
        title="Billing"
        description={
          "Billing accounts pay for your users' purpose numbers, calls and SMS. A user outside every " +
          "account can still sign in and read its data, but billable actions are refused until you " +
          "add it to one."
        }
      />
      {accounts.length === 0 ? (
        <EmptyState title="You have no billing accounts yet">
          <p>
            Create one below with some opening credit, then add users of your domains as members, or make it an application&apos;s default account so
            the users it creates join it.
          </p>
        </EmptyState>
      ) : (
        <DataTable columns={[{ label: "Account" }, { label: "Balance", align: "right" }, { label: "Members", align: "right" }]}>
          {accounts.map((a) => (
            <tr key={a.accountId} className="hover:bg-slate-50" data-testid={`account-row-${a.name}`}>
              <td className="px-5 py-3">
                <Link href={`/billing/${a.accountId}`} className={`${link} break-words`}>
                  {a.name}
                </Link>
                <div className="mt-1">
                  <CreditStatusBadge status={a.status} />
                </div>
              </td>
              <td className="px-5 py-3 text-right whitespace-nowrap tabular-nums">
                {a.balance} <span className="text-slate-500">{a.currency}</span>
              </td>
              <td className="px-5 py-3 text-right tabular-nums">{a.members}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <NewBillingAccountForm currencies={billingCurrencies()} action={createBillingAccountAction} />
    </div>
  );
}
