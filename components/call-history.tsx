import Link from "next/link";
import { callerIdLabel, formatDateTime } from "@/lib/core/text/format";
import { CallStatusBadge } from "@/components/call-status-badge";
import { DataTable } from "@/components/data-table";
import { EmptyState } from "@/components/empty-state";
import { Pager } from "@/components/pager";
import { buttonSecondary, buttonSmall, card, input, link, select } from "@/components/styles";
import { callFilterable } from "@/lib/calls/contracts";
import { CALL_STATUSES, type CallEntry } from "@/lib/calls/schemas";
import { parseListQuery, type ListQuery, type Page } from "@/lib/http/rest/list-query";
import { firstParam, type SearchParams } from "@/lib/portal/search-params";

export const CALLS_PAGE_SIZE = 20;

export interface CallHistoryFilters {
  status?: string;
  address?: string;
  /** YYYY-MM-DD (UTC) */
  date?: string;
  startIndex: number;
}

/** ?status=BUSY&address=0002&date=2026-11-25&start=20 as filters and the list query of the calls' own filters; anything unusable is ignored. */
export function callHistoryQuery(params: SearchParams): { filters: CallHistoryFilters; query: ListQuery } {
  const status = firstParam(params.status);
  const address = firstParam(params.address)?.replace(/[,*]/g, "").trim().slice(0, 100);
  const date = firstParam(params.date);
  const start = firstParam(params.start);
  const filters: CallHistoryFilters = {
    status: (CALL_STATUSES as readonly string[]).includes(status ?? "") ? status : undefined,
    address: address || undefined,
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : undefined,
    startIndex: start && /^\d{1,6}$/.test(start) ? Number(start) : 0,
  };
  const list = new URLSearchParams({ startIndex: String(filters.startIndex), count: String(CALLS_PAGE_SIZE) });
  if (filters.status || filters.address || filters.date) {
    list.set("filterBy", "status,leg,startTime");
    list.set("filterOp", "all");
    list.set("filterValue", [filters.status ?? "", filters.address ? `*${filters.address}*` : "", filters.date ?? ""].join(","));
  }
  return { filters, query: parseListQuery(list, callFilterable) };
}

function hrefWith(basePath: string, filters: CallHistoryFilters, startIndex: number): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.address) params.set("address", filters.address);
  if (filters.date) params.set("date", filters.date);
  if (startIndex > 0) params.set("start", String(startIndex));
  const search = params.toString();
  return `${basePath}${search ? `?${search}` : ""}`;
}

const statusLabel = (s: string) => (s === "NOANSWER" ? "No answer" : s.charAt(0) + s.slice(1).toLowerCase());

/**
 * A call history: filters (status, an address of any leg, a day), a table of calls newest first
 * linking to each call's live view, and paging. The filter form is a plain GET of the page.
 */
export function CallHistory({
  page,
  filters,
  basePath,
  callHref,
  empty,
}: {
  page: Page<CallEntry>;
  filters: CallHistoryFilters;
  basePath: string;
  callHref: (call: CallEntry) => string;
  empty: React.ReactNode;
}) {
  const filtered = Boolean(filters.status || filters.address || filters.date);
  return (
    <section className="space-y-4" aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-semibold">
        History <span className="font-normal text-slate-500">({page.totalResults})</span>
      </h2>
      <form
        method="get"
        action={basePath}
        className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_11rem_auto] sm:items-end"
        data-testid="call-filters"
      >
        <label className="text-sm font-medium text-slate-800">
          Status
          <select name="status" defaultValue={filters.status ?? ""} className={`${select} mt-1.5`}>
            <option value="">All</option>
            {CALL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-800">
          Address
          <input
            name="address"
            defaultValue={filters.address ?? ""}
            placeholder="Part of any leg's address, e.g. 0002"
            className={`${input} mt-1.5`}
          />
        </label>
        <label className="text-sm font-medium text-slate-800">
          Day (UTC)
          <input type="date" name="date" defaultValue={filters.date ?? ""} className={`${input} mt-1.5`} />
        </label>
        <span className="flex gap-2">
          <button type="submit" className={buttonSecondary}>
            Filter
          </button>
          {filtered && (
            <Link href={basePath} className={`${buttonSecondary} text-slate-600`}>
              Clear
            </Link>
          )}
        </span>
      </form>
      {page.entry.length === 0 ? (
        filtered ? (
          <EmptyState title="No calls match these filters">
            <p>Change or clear the filters to see more of the history.</p>
          </EmptyState>
        ) : (
          empty
        )
      ) : (
        <>
          <ul className="space-y-2 sm:hidden" aria-label="Calls">
            {page.entry.map((call) => (
              <li key={call.id} className={`${card} space-y-1.5 px-4 py-3 text-sm`} data-testid="call-card">
                <div className="flex items-center justify-between gap-3">
                  <Link href={callHref(call)} className={link}>
                    Call #{call.id}
                  </Link>
                  <CallStatusBadge status={call.status} />
                </div>
                <p className="font-mono text-xs text-slate-700 [overflow-wrap:anywhere]">{call.legs.map((leg) => leg.address).join(" → ")}</p>
                <p className="text-xs text-slate-500">
                  {formatDateTime(call.startTime)} · {call.duration} s{call.callerId ? ` · from ${callerIdLabel(call.callerId)}` : ""}
                </p>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <DataTable
              columns={[{ label: "Call" }, { label: "Legs" }, { label: "Status" }, { label: "Started" }, { label: "Duration", align: "right" }]}
              dense
            >
              {page.entry.map((call) => (
                <tr key={call.id} data-testid="call-row">
                  <td className="px-4 py-3 align-top">
                    <Link href={callHref(call)} className={link}>
                      #{call.id}
                    </Link>
                    {call.callerId && (
                      <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">from {callerIdLabel(call.callerId)}</span>
                    )}
                  </td>
                  <td className="px-4 py-3 align-top font-mono text-xs [overflow-wrap:anywhere]">
                    {call.legs.map((leg, index) => (
                      <span key={leg.id} className="block">
                        {index > 0 && <span className="text-slate-500">→ </span>}
                        {leg.address}
                      </span>
                    ))}
                  </td>
                  <td className="px-4 py-3 align-top">
                    <CallStatusBadge status={call.status} />
                  </td>
                  <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">{formatDateTime(call.startTime)}</td>
                  <td className="px-4 py-3 text-right align-top tabular-nums text-slate-700">{call.duration} s</td>
                </tr>
              ))}
            </DataTable>
          </div>
        </>
      )}
      <Pager
        page={Math.floor(filters.startIndex / CALLS_PAGE_SIZE)}
        pages={Math.ceil(page.totalResults / CALLS_PAGE_SIZE)}
        href={(p) => hrefWith(basePath, filters, p * CALLS_PAGE_SIZE)}
      />
      {page.entry.length > 0 && (
        <p className="text-xs text-slate-500">
          Times are UTC.{" "}
          <Link href={hrefWith(basePath, filters, filters.startIndex)} className={`${buttonSecondary} ${buttonSmall} ml-1`}>
            Refresh
          </Link>
        </p>
      )}
    </section>
  );
}
