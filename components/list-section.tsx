/** A titled list with its count, or a dashed note saying what an empty list means. */
export function ListSection({
  id,
  title,
  count,
  empty,
  children,
}: {
  id: string;
  title: string;
  count: number;
  /** Shown instead of the children when count is 0. */
  empty: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h2>
      {count === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-surface px-5 py-6 text-sm text-slate-600">{empty}</p>
      ) : (
        children
      )}
    </section>
  );
}
