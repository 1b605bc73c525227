import Link from "next/link";
import { buttonSecondary, buttonSmall } from "./styles";

/** Previous / next links under a paged list, with "Page n of m"; nothing when there is one page. */
export function Pager({
  page,
  pages,
  href,
  labels = ["Previous", "Next"],
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labels?: [string, string];
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm text-slate-600">
      {page > 0 ? (
        <Link href={href(page - 1)} className={`${buttonSecondary} ${buttonSmall}`}>
          {labels[0]}
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page + 1} of {pages}
      </span>
      {page + 1 < pages ? (
        <Link href={href(page + 1)} className={`${buttonSecondary} ${buttonSmall}`}>
          {labels[1]}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
