import { parseFilters, type ColumnFilter, type Filterable } from "./list-filters";
import { prismaWhere } from "./list-filter-sql";
import { parsePaging, type Paging } from "./list-paging";

// The query of every collection: paging (list-paging.ts) and filters (list-filters.ts), turned into
// a Prisma where/skip/take, and for raw SQL lists the filters for filterSql (list-filter-sql.ts), so
// the database does the work. Each resource declares which properties can be filtered and how they
// map to columns. The names lists use are exported from here.

export { FILTER_OPS, type Filterable } from "./list-filters";
export { filterSql } from "./list-filter-sql";
export { MAX_COUNT, PAGE, toPage, type Page } from "./list-paging";

export interface ListQuery extends Paging {
  where: Record<string, unknown>;
  /** The same filters as `where`, all of which must hold: for raw SQL (filterSql). */
  filters: ColumnFilter[];
}

/** Parses startIndex/count/filterBy/filterValue/filterOp; any bad value is a 400 naming the parameter. */
export function parseListQuery(params: URLSearchParams, filterable: Filterable): ListQuery {
  const paging = parsePaging(params);
  const requested = parseFilters(params, filterable);
  return { ...paging, where: prismaWhere(requested), filters: requested.filters };
}
