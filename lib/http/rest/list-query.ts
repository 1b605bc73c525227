import { isGuid } from "@/lib/core/validation";
import { ApiError } from "@/lib/core/errors/api-error";
import type { SqlValues } from "@/lib/core/db/sql-values";

// Paging (startIndex, count) and filters (filterBy, filterValue, filterOp) for every collection,
// turned into a Prisma where/skip/take (and, for raw SQL lists, filterSql) so the database does
// the work. Each resource declares which properties can be filtered and how they map to columns.

/** The most items one page returns; a larger count is lowered and itemsPerPage shows it. */
export const MAX_COUNT = 100;

/** "all": several properties at once (the original clients' form), filterBy and filterValue as comma lists. */
export const FILTER_OPS = ["equals", "contains", "startsWith", "present", "all"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export type FilterField = (
  /** Text column; contains/startsWith ignore case, equals is exact. */
  | { type: "string"; column: string }
  /** UUID column (GUIDs): equals and present only. */
  | { type: "uuid"; column: string }
  /** Timestamp column: equals an instant, or startsWith a date prefix (2026, 2026-11, 2026-11-23). */
  | { type: "datetime"; column: string }
) & {
  /** The column may be null; "present" then keeps the rows where it is set. Required columns are always present. */
  nullable?: true;
  /** Text the property shows before the stored value (tel: before a number's digits); a filterValue may carry it or not. */
  prefix?: string;
};

export type Filterable = Record<string, FilterField>;

/**
 * One filter on one column, as data: the Prisma `where` (prismaCondition) and the SQL of raw list
 * queries (filterSql) are both built from it. Text matches other than equals ignore case.
 */
export type ColumnCondition =
  | { op: "equals"; value: string | Date }
  | { op: "contains" | "startsWith" | "endsWith"; value: string }
  | { op: "present" }
  | { op: "range"; gte: Date; lt: Date };

export interface ColumnFilter {
  column: string;
  condition: ColumnCondition;
}

export interface ListQuery {
  startIndex: number;
  /** The count the client asked for, undefined when it sent none. */
  requestedCount?: number;
  skip: number;
  take: number;
  where: Record<string, unknown>;
  /** The same filters as `where`, all of which must hold: for raw SQL (filterSql). */
  filters: ColumnFilter[];
}

export interface Page<T> {
  startIndex: number;
  /** Present if and only if the request gave count (spec, paging table). */
  itemsPerPage?: number;
  totalResults: number;
  entry: T[];
}

function invalid(parameter: string, detail: string): ApiError {
  return new ApiError("invalid_parameter", detail, { extra: { parameter } });
}

function parseNonNegativeInt(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null) return undefined;
  if (!/^\d{1,9}$/.test(raw.trim())) {
    throw invalid(name, `${name} must be a whole number of 0 or more; got "${raw}".`);
  }
  return Number(raw);
}

/** "domain.name" -> { domain: { name: condition } } */
function nestAt(column: string, condition: unknown): Record<string, unknown> {
  return column
    .split(".")
    .reduceRight<unknown>((inner, key) => ({ [key]: inner }), condition) as Record<string, unknown>;
}


function datePrefixRange(value: string): { gte: Date; lt: Date } | undefined {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), m[2] ? Number(m[2]) - 1 : undefined, m[3] ? Number(m[3]) : undefined];
  if (y < 1 || (mo !== undefined && (mo < 0 || mo > 11)) || (d !== undefined && (d < 1 || d > 31))) return undefined;
  const gte = new Date(Date.UTC(y, mo ?? 0, d ?? 1));
  const lt =
    d !== undefined ? new Date(Date.UTC(y, mo!, d + 1)) : mo !== undefined ? new Date(Date.UTC(y, mo + 1, 1)) : new Date(Date.UTC(y + 1, 0, 1));
  return Number.isNaN(gte.getTime()) ? undefined : { gte, lt };
}

/** A filterValue without the property's display prefix ("tel:4477*" -> "4477*", "*tel:4477*" -> "*4477*"). */
function withoutPrefix(field: FilterField, value: string): string {
  const star = value.startsWith("*") ? "*" : "";
  const rest = value.slice(star.length);
  return field.prefix && rest.toLowerCase().startsWith(field.prefix.toLowerCase()) ? star + rest.slice(field.prefix.length) : value;
}

function filterCondition(name: string, field: FilterField, op: Exclude<FilterOp, "all">, raw: string): ColumnCondition | undefined {
  const value = withoutPrefix(field, raw);
  // Every row has a required column, so no condition at all (Prisma refuses {not: null} there).
  if (op === "present") return field.nullable ? { op: "present" } : undefined;
  if (field.type === "string") return { op, value };
  if (field.type === "uuid") {
    if (op !== "equals") throw invalid("filterOp", `filterOp ${op} is not supported for ${name}; use equals or present.`);
    // An impossible GUID matches nothing; a malformed one would only be a typo, so say so.
    if (!isGuid(value)) throw invalid("filterValue", `filterValue for ${name} must be a GUID; got "${value}".`);
    return { op: "equals", value: value.toLowerCase() };
  }
  if (op === "equals") {
    const instant = new Date(value);
    // The database keeps years 1 to 9999; anything outside cannot match and would fail there.
    const year = instant.getUTCFullYear();
    if (Number.isNaN(instant.getTime()) || year < 1 || year > 9999) {
      throw invalid("filterValue", `filterValue for ${name} must be an ISO 8601 timestamp; got "${value}".`);
    }
    return { op: "equals", value: instant };
  }
  if (op === "startsWith") {
    const range = datePrefixRange(value);
    if (!range) throw invalid("filterValue", `filterValue for ${name} with startsWith must be YYYY, YYYY-MM or YYYY-MM-DD; got "${value}".`);
    return { op: "range", ...range };
  }
  throw invalid("filterOp", `filterOp contains is not supported for ${name}; use equals, startsWith or present.`);
}

/**
 * One value of a filterOp=all list: equals, or with a `*` at either end startsWith / endsWith /
 * contains (ignoring case, like the single filters); an empty value or a lone `*` matches everything.
 */
function patternCondition(name: string, field: FilterField, raw: string): ColumnCondition | undefined {
  const value = withoutPrefix(field, raw);
  if (value === "" || value === "*") return undefined;
  const leading = value.startsWith("*");
  const trailing = value.endsWith("*");
  const inner = value.slice(leading ? 1 : 0, trailing ? -1 : undefined);
  if (inner.includes("*")) throw invalid("filterValue", `A * may only begin or end a filterValue; "${value}" for ${name} has one inside.`);
  if (field.type === "datetime" && trailing && !leading) return filterCondition(name, field, "startsWith", inner);
  if (!leading && !trailing) return filterCondition(name, field, field.type === "datetime" && datePrefixRange(value) ? "startsWith" : "equals", value);
  if (field.type !== "string") throw invalid("filterValue", `${name} cannot be matched with *; give its exact value.`);
  return { op: leading && trailing ? "contains" : leading ? "endsWith" : "startsWith", value: inner };
}

/** A value for ILIKE that matches itself literally: \, % and _ escaped. */
const likeLiteral = (value: string) => value.replace(/[\\%_]/g, "\\$&");

/** The Prisma form of a condition on one column. */
function prismaCondition(condition: ColumnCondition): unknown {
  switch (condition.op) {
    case "equals":
      return { equals: condition.value };
    case "present":
      return { not: null };
    case "range":
      return { gte: condition.gte, lt: condition.lt };
    default:
      // Prisma puts the value into ILIKE unescaped: a % or _ in it would match anything.
      return { [condition.op]: likeLiteral(condition.value), mode: "insensitive" };
  }
}

const prismaWhereOf = (filter: ColumnFilter) => nestAt(filter.column, prismaCondition(filter.condition));

function fieldOf(filterable: Filterable, filterBy: string): FilterField {
  const field = Object.hasOwn(filterable, filterBy) ? filterable[filterBy] : undefined;
  if (field) return field;
  const allowed = Object.keys(filterable);
  const several = filterBy.includes(",") ? " To filter on several properties, add filterOp=all." : "";
  throw invalid(
    "filterBy",
    allowed.length ? `Cannot filter on "${filterBy}". Filterable properties: ${allowed.join(", ")}.${several}` : "This collection cannot be filtered.",
  );
}

/** filterOp=all: every property of the filterBy list must match its value in the filterValue list. */
function allFilters(filterable: Filterable, filterBy: string, value: string | null): ColumnFilter[] {
  if (value === null) throw invalid("filterValue", "filterOp all needs a filterValue: one value per filterBy property, comma-separated.");
  const names = filterBy.split(",").map((n) => n.trim());
  const values = value.split(",").map((v) => v.trim());
  if (names.length !== values.length) {
    throw invalid("filterValue", `filterOp all needs one filterValue per filterBy property: got ${names.length} properties and ${values.length} values.`);
  }
  return names.flatMap((name, i) => {
    const field = fieldOf(filterable, name);
    const condition = patternCondition(name, field, values[i]!);
    return condition === undefined ? [] : [{ column: field.column, condition }];
  });
}

/** Parses startIndex/count/filterBy/filterValue/filterOp; any bad value is a 400 naming the parameter. */
export function parseListQuery(params: URLSearchParams, filterable: Filterable): ListQuery {
  const startIndex = parseNonNegativeInt(params, "startIndex") ?? 0;
  const requestedCount = parseNonNegativeInt(params, "count");
  const take = Math.min(requestedCount ?? MAX_COUNT, MAX_COUNT);

  let where: Record<string, unknown> = {};
  let filters: ColumnFilter[] = [];
  const filterBy = params.get("filterBy");
  const rawOp = params.get("filterOp");
  const value = params.get("filterValue");
  if (filterBy === null) {
    if (rawOp !== null || value !== null) throw invalid("filterBy", "filterOp and filterValue need filterBy (the property to filter on).");
  } else {
    const op = (rawOp ?? "equals") as FilterOp;
    if (!FILTER_OPS.includes(op)) throw invalid("filterOp", `Unknown filterOp "${rawOp}". Use one of: ${FILTER_OPS.join(", ")}.`);
    if (op === "all") {
      filters = allFilters(filterable, filterBy, value);
      where = filters.length ? { AND: filters.map(prismaWhereOf) } : {};
    } else {
      const field = fieldOf(filterable, filterBy);
      if (op !== "present" && value === null) throw invalid("filterValue", `filterOp ${op} needs a filterValue.`);
      const condition = filterCondition(filterBy, field, op, value ?? "");
      filters = condition === undefined ? [] : [{ column: field.column, condition }];
      where = filters.length ? prismaWhereOf(filters[0]!) : {};
    }
  }
  return { startIndex, requestedCount, skip: startIndex, take, where, filters };
}

/** A timestamp parameter compared with a Prisma DateTime column (timestamp(3), kept in UTC). */
const utcTimestamp = (values: SqlValues, instant: Date) => `(${values.add(instant.toISOString())}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * The query's filters as one SQL condition on the row `alias` (a raw list's WHERE), every value a
 * parameter; the same semantics as `where`. A column of another table ("relation.field") needs its
 * SQL expression in `related` (e.g. a subquery on the row's foreign key).
 */
export function filterSql(filters: ColumnFilter[], alias: string, values: SqlValues, related: Record<string, string> = {}): string {
  const conditions = filters.map(({ column, condition }) => {
    const expression = Object.hasOwn(related, column) ? related[column] : undefined;
    if (!expression && !/^\w+$/.test(column)) throw new Error(`filterSql cannot filter on ${column}: give its SQL expression`);
    const c = expression ?? `${alias}."${column}"`;
    switch (condition.op) {
      case "present":
        return `${c} IS NOT NULL`;
      case "equals":
        return `${c} = ${condition.value instanceof Date ? utcTimestamp(values, condition.value) : values.add(condition.value)}`;
      case "range":
        return `${c} >= ${utcTimestamp(values, condition.gte)} AND ${c} < ${utcTimestamp(values, condition.lt)}`;
      default: {
        const literal = likeLiteral(condition.value);
        // PostgreSQL runs ILIKE as lower() LIKE lower() in a UTF-8 database: the same match, but this
        // form lets a prefix use a b-tree index on lower(column) (migration user_text_prefix).
        if (condition.op === "startsWith") return `lower(${c}) LIKE lower(${values.add(`${literal}%`)})`;
        return `${c} ILIKE ${values.add(condition.op === "contains" ? `%${literal}%` : `%${literal}`)}`;
      }
    }
  });
  return conditions.length ? conditions.join(" AND ") : "true";
}

/** Marks a handler result as a whole paged body (the operation wrapper, lib/http/operation/operation.ts, sends it as is, not inside {entry}). */
export const PAGE = Symbol("page");

/**
 * Builds the paged envelope the original clients read. itemsPerPage, the number of entries on this
 * page, is there if and only if the request gave count (the spec's paging table).
 */
export function toPage<T>(query: ListQuery, totalResults: number, entry: T[]): Page<T> {
  const page: Page<T> = {
    startIndex: query.startIndex,
    ...(query.requestedCount === undefined ? {} : { itemsPerPage: entry.length }),
    totalResults,
    entry,
  };
  return Object.defineProperty(page, PAGE, { value: true, enumerable: false });
}
