import type { Metadata } from "next";
import Link from "next/link";
import { Alert } from "@/components/alert";
import { CreditStatusBadge } from "@/components/credit-status-badge";
import { DataTable } from "@/components/data-table";
import { PhoneCard, PhoneField, PhoneFields, PhoneList } from "@/components/phone-list";
import { formatDate, formatDateTime } from "@/lib/core/text/format";
import { ForgetSearchParams } from "@/components/forget-search-params";
import { ListSection } from "@/components/list-section";
import { PageHeader } from "@/components/page-header";
import { buttonSecondary, buttonSmall, card } from "@/components/styles";
import { ledgerFilterable } from "@/lib/billing/contracts";
import { getBillingAccount } from "@/lib/billing/get-billing-account";
import { listAccountLedger } from "@/lib/billing/list-ledger";
import type { LedgerEntryView } from "@/lib/billing/schemas";
import { orNotFound } from "@/lib/portal/or-not-found";
import { requireDeveloper } from "@/lib/portal/session";
import { parseListQuery } from "@/lib/http/rest/list-query";
import { developerActor } from "@/lib/core/tenancy/actor";
import { addMemberAction, removeMemberAction, topUpAction, updateBillingAccountAction } from "../actions";
import { AccountSettingsForm, AddMemberForm, RemoveMemberButton, TopUpForm } from "../billing-forms";

export const metadata: Metadata = { title: "Billing account" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 20;
const ITEM_LABELS: Record<string, string> = {
  purpose_number_month: "Purpose number, 1 month",
  call_minute: "Call minute",
  sms: "SMS",
  top_up: "Top-up",
};

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string; start?: string }> };
type Entry = LedgerEntryView & { userName?: string };

const signedAmount = (e: Entry) => (e.type === "credit" ? `+${e.amount}` : e.amount);
const amountTone = (e: Entry) => (e.type === "credit" ? "text-emerald-700" : "text-slate-800");

/** What a ledger entry is, why, when and for whom: the same lines in the table and on a phone. */
function EntrySummary({ entry: e }: { entry: Entry }) {
  return (
    <>
      <div className="font-medium text-slate-800">
        {ITEM_LABELS[e.item] ?? e.item}
        {e.quantity > 1 && <span className="font-normal text-slate-500"> × {e.quantity}</span>}
      </div>
      <div className="break-words text-slate-600">{e.description}</div>
      <div className="text-xs text-slate-500">
        {formatDateTime(e.created)}
        {e.userName && <span className="break-all"> · {e.userName}</span>}
      </div>
    </>
  );
}

export default async function BillingAccountPage({ params, searchParams }: Props) {
  const { id } = await params;
  const { created, start } = await searchParams;
  const developer = await requireDeveloper(`/billing/${id}`);
  const actor = developerActor(developer.id);
  const account = await orNotFound(() => getBillingAccount(actor, id));
  const startIndex = /^\d{1,9}$/.test(start ?? "") ? Number(start) : 0;
  const ledger = await listAccountLedger(
    actor,
    account.accountId,
    parseListQuery(new URLSearchParams({ startIndex: String(startIndex), count: String(PAGE_SIZE) }), ledgerFilterable),
  );
  const pageLink = (s: number) => `/billing/${account.accountId}?start=${s}#ledger-heading`;
  return (
    <div className="space-y-8">
      <PageHeader
        back={{ href: "/billing", label: "Billing" }}
        title={account.name}
        description={`${account.currency} account, created ${formatDate(account.created)}.`}
      />
      {created === "1" && (
        <Alert tone="success" title="The billing account was created">
          <ForgetSearchParams />
          Add members below, or choose it as an application&apos;s default billing account in the application&apos;s settings.
        </Alert>
      )}
      <dl className={`${card} grid grid-cols-2 gap-4 p-5 text-sm sm:grid-cols-4`}>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-slate-500">Balance</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid="account-balance">
            {account.balance} <span className="text-base font-normal text-slate-500">{account.currency}</span>
          </dd>
          <dd className="mt-1">
            <CreditStatusBadge status={account.status} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Low-credit threshold</dt>
          <dd className="mt-1 tabular-nums">{account.lowCreditThreshold}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Members</dt>
          <dd className="mt-1 tabular-nums">{account.members.length}</dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-slate-500">Prices</dt>
          <dd className="mt-1 text-slate-700">
            <ul>
              <li>Number: {account.prices.purpose_number_month} a month</li>
              <li>Call: {account.prices.call_minute} a minute</li>
              <li>SMS: {account.prices.sms}</li>
            </ul>
          </dd>
        </div>
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <ListSection
            id="members"
            title="Members"
            count={account.members.length}
            empty="No members yet. Until a user is in an account, its purpose numbers, calls and SMS are refused (403). Add one below."
          >
            <ul className={`${card} divide-y divide-slate-100`}>
              {account.members.map((m) => (
                <li key={m.guid} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm" data-testid={`member-${m.ref}`}>
                  <div className="min-w-0">
                    <div className="font-mono break-all">{m.ref}</div>
                    {m.name && <div className="text-slate-500">{m.name}</div>}
                  </div>
                  <RemoveMemberButton userRef={m.ref} action={removeMemberAction.bind(null, account.accountId, m.guid)} />
                </li>
              ))}
            </ul>
          </ListSection>
          <AddMemberForm candidates={account.candidates} action={addMemberAction.bind(null, account.accountId)} />
        </div>
        <div className="space-y-6">
          <TopUpForm currency={account.currency} action={topUpAction.bind(null, account.accountId)} />
          <AccountSettingsForm
            name={account.name}
            lowCreditThreshold={account.lowCreditThreshold}
            action={updateBillingAccountAction.bind(null, account.accountId)}
          />
        </div>
      </div>

      <ListSection
        id="ledger"
        title="Ledger"
        count={ledger.totalResults}
        empty="No entries yet. Top-ups and every billable action of the members (numbers, call minutes, SMS) appear here."
      >
        <PhoneList label="Ledger entries">
          {ledger.entry.map((e) => (
            <PhoneCard key={e.id} testId="ledger-card">
              <EntrySummary entry={e} />
              <PhoneFields>
                <PhoneField label="Amount">
                  <span className={`tabular-nums ${amountTone(e)}`}>{signedAmount(e)}</span>
                </PhoneField>
                <PhoneField label="Balance">
                  <span className="tabular-nums">{e.balance}</span>
                </PhoneField>
              </PhoneFields>
            </PhoneCard>
          ))}
        </PhoneList>
        <div className="hidden sm:block">
          <DataTable dense columns={[{ label: "Entry" }, { label: "Amount", align: "right" }, { label: "Balance", align: "right" }]}>
            {ledger.entry.map((e) => (
              <tr key={e.id} data-testid="ledger-row">
                <td className="px-4 py-3">
                  <EntrySummary entry={e} />
                </td>
                <td className={`px-4 py-3 text-right whitespace-nowrap tabular-nums ${amountTone(e)}`}>{signedAmount(e)}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums text-slate-600">{e.balance}</td>
              </tr>
            ))}
          </DataTable>
        </div>
        {ledger.totalResults > PAGE_SIZE && (
          <nav aria-label="Ledger pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
            <span>
              {startIndex + 1}–{startIndex + ledger.entry.length} of {ledger.totalResults}
            </span>
            <span className="flex gap-2">
              {startIndex > 0 && (
                <Link href={pageLink(Math.max(0, startIndex - PAGE_SIZE))} className={`${buttonSecondary} ${buttonSmall}`}>
                  Newer
                </Link>
              )}
              {startIndex + PAGE_SIZE < ledger.totalResults && (
                <Link href={pageLink(startIndex + PAGE_SIZE)} className={`${buttonSecondary} ${buttonSmall}`}>
                  Older
                </Link>
              )}
            </span>
          </nav>
        )}
      </ListSection>
    </div>
  );
}
