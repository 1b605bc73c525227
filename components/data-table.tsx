import { card } from "./styles";

export interface Column {
  label: string;
  align?: "right";
  /** Read by screen readers only (e.g. an actions column). */
  hidden?: boolean;
}

/** The portal's table: a card with a header row; pass the <tr> rows as children. */
export function DataTable({ columns, dense, children }: { columns: Column[]; dense?: boolean; children: React.ReactNode }) {
  const pad = dense ? "px-4" : "px-5";
  return (
    <div className={`${card} overflow-x-auto`}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={`${pad} py-3 font-medium ${c.align === "right" ? "text-right" : ""}`}>
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
