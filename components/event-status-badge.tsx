const looks: Record<string, { label: string; className: string; title: string }> = {
  delivered: {
    label: "Delivered",
    className: "bg-emerald-100 text-emerald-800",
    title: "The endpoint answered with a 2xx.",
  },
  pending: {
    label: "Pending",
    className: "bg-amber-100 text-amber-900",
    title: "Waiting for its first attempt or for a retry.",
  },
  failed: {
    label: "Failed (DeliveryExhausted)",
    className: "bg-red-100 text-red-800",
    title: "Every retry failed. Replay it once the endpoint works.",
  },
  disabled: {
    label: "Disabled",
    className: "bg-slate-200 text-slate-700",
    title: "Not sent: the application had no notification URL, or the endpoint answered 410 Gone.",
  },
};

/** The delivery status of one event: delivered green, pending amber, failed red, disabled slate. */
export function EventStatusBadge({ status }: { status: string }) {
  const look = looks[status] ?? { label: status, className: "bg-slate-100 text-slate-700", title: "" };
  return (
    <span
      title={look.title || undefined}
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${look.className}`}
    >
      {status === "pending" && <span aria-hidden className="h-1.5 w-1.5 animate-pulse rounded-full bg-amber-500" />}
      {look.label}
    </span>
  );
}
