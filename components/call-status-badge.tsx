const tones: Record<string, string> = {
  CONNECTED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  ANSWERED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  STARTED: "bg-sky-50 text-sky-800 ring-sky-200",
  CONNECTING: "bg-sky-50 text-sky-800 ring-sky-200",
  RINGING: "bg-sky-50 text-sky-800 ring-sky-200",
  COMPLETED: "bg-slate-100 text-slate-700 ring-slate-200",
  HUNGUP: "bg-slate-100 text-slate-700 ring-slate-200",
  TRANSFERRED: "bg-slate-100 text-slate-700 ring-slate-200",
  TRANSFERRING: "bg-sky-50 text-sky-800 ring-sky-200",
  BUSY: "bg-amber-50 text-amber-800 ring-amber-200",
  NOANSWER: "bg-amber-50 text-amber-800 ring-amber-200",
};

const labels: Record<string, string> = { NOANSWER: "No answer", HUNGUP: "Hung up" };

/** A call's or a leg's status as a coloured pill: green talking, blue setting up, grey ended, amber not reached, red failed. */
export function CallStatusBadge({ status }: { status: string }) {
  const tone = tones[status] ?? "bg-red-50 text-red-800 ring-red-200";
  const label = labels[status] ?? status.charAt(0) + status.slice(1).toLowerCase();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone}`}
      data-status={status}
    >
      {label}
    </span>
  );
}
