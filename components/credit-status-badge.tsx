const styles = {
  ok: ["bg-emerald-100 text-emerald-800", "In credit"],
  low: ["bg-amber-100 text-amber-800", "Low credit"],
  exhausted: ["bg-red-100 text-red-800", "Out of credit"],
} as const;

/** A billing account's credit status: in credit, below its threshold, or unable to pay for anything. */
export function CreditStatusBadge({ status }: { status: keyof typeof styles }) {
  const [tone, label] = styles[status];
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>{label}</span>;
}
