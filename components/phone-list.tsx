import { card } from "./styles";

/**
 * A table's rows as stacked cards below the `sm` breakpoint, where the table would scroll sideways.
 * Pair it with the table in a `hidden sm:block` wrapper so only one layout shows at a time.
 */
export function PhoneList({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <ul className="space-y-2 sm:hidden" aria-label={label}>
      {children}
    </ul>
  );
}

/** One row of a PhoneList: its primary value first, then the other columns as PhoneFields. */
export function PhoneCard({ testId, children }: { testId?: string; children: React.ReactNode }) {
  return (
    <li className={`${card} space-y-1.5 px-4 py-3 text-sm`} data-testid={testId}>
      {children}
    </li>
  );
}

/** The other columns of a PhoneCard as small label/value lines. */
export function PhoneFields({ children }: { children: React.ReactNode }) {
  return <dl className="space-y-1 text-xs">{children}</dl>;
}

export function PhoneField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-slate-700 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
