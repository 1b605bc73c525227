import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { userPagePath } from "@/app/domains/[name]/users/[guid]/user-path";
import { DataTable } from "@/components/data-table";
import { EmptyState } from "@/components/empty-state";
import { formatDate } from "@/lib/core/text/format";
import { PageHeader } from "@/components/page-header";
import { PhoneCard, PhoneField, PhoneFields, PhoneList } from "@/components/phone-list";
import { Pager } from "@/components/pager";
import { buttonSecondary, input, link, select } from "@/components/styles";
import {
  INVENTORY_PAGE_SIZE,
  isNumberOperator,
  listInventory,
  NUMBER_STATUSES,
  type Holder,
  type InventoryFilter,
} from "@/lib/numbers/list-inventory";
import { homeCountry } from "@/lib/numbers/home-country";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";
import { importNumbersAction } from "./actions";
import { ImportNumbersForm } from "./import-numbers-form";

export const metadata: Metadata = { title: "Numbers" };
export const dynamic = "force-dynamic";

const statusTone: Record<string, string> = {
  available: "bg-emerald-100 text-emerald-800",
  allocated: "bg-brand-50 text-brand-700",
  quarantined: "bg-amber-100 text-amber-800",
};

function StatusBadge({ status }: { status: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone[status] ?? ""}`}>{status}</span>;
}

function HolderCell({ holder }: { holder: Holder }) {
  if (!holder) return <span className="text-slate-500">—</span>;
  if (holder.kind === "other") return <span className="text-slate-500">Another developer&apos;s user</span>;
  return (
    <Link href={userPagePath(holder.domain, holder.userId)} className={`${link} break-all`}>
      {holder.domain}:{holder.login}
    </Link>
  );
}

/** A search field choosing one of `options`, or any. */
function AnyOf({ name, label, value, options }: { name: string; label: string; value?: string; options: readonly string[] }) {
  return (
    <div>
      <label htmlFor={`search-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={`search-${name}`} name={name} defaultValue={value ?? ""} className={`${select} mt-1.5`}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </div>
  );
}

type Search = { country?: string; status?: string; digits?: string; page?: string };

/** `home`: the country shown when the search names none (an empty country is "Any"). */
function filterOf(search: Search, home: string | undefined): InventoryFilter {
  const country = (search.country ?? home)?.trim().toUpperCase();
  const digits = search.digits?.replace(/\D/g, "");
  return {
    ...(country && /^[A-Z]{3}$/.test(country) ? { country } : {}),
    ...(NUMBER_STATUSES.includes(search.status as InventoryFilter["status"] & string) ? { status: search.status as InventoryFilter["status"] } : {}),
    ...(digits ? { digits } : {}),
  };
}

export default async function NumbersPage({ searchParams }: { searchParams: Promise<Search> }) {
  const developer = await requireDeveloper("/numbers");
  const actor = developerActor(developer.id);
  const search = await searchParams;
  // A search for digits looks in every country unless it names one; only a bare visit opens on the home country.
  const filter = filterOf(
    search,
    search.country === undefined && !search.digits ? await homeCountry(actor, (await headers()).get("accept-language")) : undefined,
  );
  const page = Math.max(0, Math.min(Number.parseInt(search.page ?? "0", 10) || 0, 10_000));
  const [inventory, operator] = await Promise.all([listInventory(actor, filter, page), isNumberOperator(actor)]);
  const pageHref = (p: number) => {
    const query = {
      country: filter.country ?? "",
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.digits ? { digits: filter.digits } : {}),
    };
    return `/numbers?${new URLSearchParams({ ...query, page: String(p) })}`;
  };
  const pages = Math.ceil(inventory.total / INVENTORY_PAGE_SIZE);

  return (
    <div className="space-y-8">
      <PageHeader
        title="Numbers"
        description={
          <>
            The inventory purpose numbers come from. A user gets one on its page (Add a purpose number) or through{" "}
            <span className="font-mono text-sm">
              POST /devices/&lt;guid&gt; {"{"}&quot;id&quot;: &quot;@purpose/GBR&quot;{"}"}
            </span>
            ; a released number rests in quarantine before anyone else can have it.
          </>
        }
      />
      {inventory.countries.length === 0 ? (
        <EmptyState title="The inventory is empty">
          <p>The server seeds fictional ranges on its first start; {operator ? "import your own numbers below." : "the operator can import more."}</p>
        </EmptyState>
      ) : (
        <>
          <PhoneList label="Countries">
            {inventory.countries.map((c) => (
              <PhoneCard key={c.country} testId={`country-card-${c.country}`}>
                <Link href={`/numbers?country=${c.country}`} className={link}>
                  {c.country}
                </Link>
                <PhoneFields>
                  <PhoneField label="Free">
                    <span className="tabular-nums">{c.available}</span>
                  </PhoneField>
                  <PhoneField label="Allocated">
                    <span className="tabular-nums">{c.allocated}</span>
                  </PhoneField>
                  <PhoneField label="Quarantined">
                    <span className="tabular-nums">{c.quarantined}</span>
                  </PhoneField>
                </PhoneFields>
              </PhoneCard>
            ))}
          </PhoneList>
          <div className="hidden sm:block">
            <DataTable
              dense
              columns={[
                { label: "Country" },
                { label: "Free", align: "right" },
                { label: "Allocated", align: "right" },
                { label: "Quarantined", align: "right" },
              ]}
            >
              {inventory.countries.map((c) => (
                <tr key={c.country}>
                  <td className="px-4 py-2">
                    <Link href={`/numbers?country=${c.country}`} className={link}>
                      {c.country}
                    </Link>
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{c.available}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{c.allocated}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{c.quarantined}</td>
                </tr>
              ))}
            </DataTable>
          </div>

          <section className="space-y-3" aria-labelledby="search-heading">
            <h2 id="search-heading" className="text-lg font-semibold">
              Search <span className="font-normal text-slate-500">({inventory.total})</span>
            </h2>
            <form method="get" action="/numbers" className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
              <AnyOf name="country" label="Country" value={filter.country} options={inventory.countries.map((c) => c.country)} />
              <AnyOf name="status" label="Status" value={filter.status} options={NUMBER_STATUSES} />
              <div>
                <label htmlFor="search-digits" className="block text-sm font-medium text-slate-800">
                  Number contains
                </label>
                <input
                  id="search-digits"
                  name="digits"
                  inputMode="numeric"
                  defaultValue={filter.digits}
                  placeholder="7700900"
                  className={`${input} mt-1.5`}
                />
              </div>
              <button type="submit" className={buttonSecondary}>
                Search
              </button>
            </form>
            {inventory.numbers.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 bg-surface px-5 py-6 text-sm text-slate-600">
                No number matches this search.
              </p>
            ) : (
              <>
                <PhoneList label="Numbers">
                  {inventory.numbers.map((n) => (
                    <PhoneCard key={n.number} testId={`number-card-${n.number}`}>
                      <div className="flex items-center justify-between gap-3">
                        <span className="font-mono">+{n.number}</span>
                        <span className="shrink-0">
                          <StatusBadge status={n.status} />
                        </span>
                      </div>
                      <p className="text-xs text-slate-500">
                        {n.country}
                        {n.sms ? " · SMS" : ""}
                        {n.status === "quarantined" && n.since && ` · until ${formatDate(n.since.toISOString())}`}
                      </p>
                      <PhoneFields>
                        <PhoneField label="Held by">
                          <HolderCell holder={n.holder} />
                        </PhoneField>
                      </PhoneFields>
                    </PhoneCard>
                  ))}
                </PhoneList>
                <div className="hidden sm:block">
                  <DataTable columns={[{ label: "Number" }, { label: "Status" }, { label: "Held by" }]}>
                    {inventory.numbers.map((n) => (
                      <tr key={n.number} data-testid={`number-${n.number}`} className="align-top">
                        <td className="px-5 py-3 whitespace-nowrap">
                          <span className="font-mono">+{n.number}</span>
                          <div className="text-xs text-slate-500">
                            {n.country}
                            {n.sms ? " · SMS" : ""}
                          </div>
                        </td>
                        <td className="px-5 py-3 whitespace-nowrap">
                          <StatusBadge status={n.status} />
                          {n.status === "quarantined" && n.since && (
                            <div className="mt-1 text-xs text-slate-500">until {formatDate(n.since.toISOString())}</div>
                          )}
                        </td>
                        <td className="min-w-44 px-5 py-3">
                          <HolderCell holder={n.holder} />
                        </td>
                      </tr>
                    ))}
                  </DataTable>
                </div>
              </>
            )}
            <Pager page={page} pages={pages} href={pageHref} />
          </section>
        </>
      )}
      {operator && <ImportNumbersForm action={importNumbersAction} />}
    </div>
  );
}
