import { isGuid } from "@/lib/validation";
import { ApiError } from "@/lib/errors/api-error";

// Paging (startIndex, count) and filters (filterBy, filterValue, filterOp) for every collection,
// turned into a Prisma where/skip/take so the database does the work. Each resource declares
// which properties can be filtered and how they map to columns.

/** The most items one page returns; a larger count is lowered and itemsPerPage shows it. */
export const MAX_COUNT = 100;

export const FILTER_OPS = ["equals", "contains", "startsWith", "present"] as const;
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
};

export type Filterable = Record<string, FilterField>;

export interface ListQuery {
  startIndex: number;
  /** The count the client asked for, undefined when it sent none. */
  requestedCount?: number;
  skip: number;
  take: number;
  where: Record<string, unknown>;
}

export interface Page<T> {
  startIndex: number;
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

function filterCondition(name: string, field: FilterField, op: FilterOp, value: string): unknown {
  // Prisma refuses {not: null} on a required column; every row has it, so no condition at all.
  if (op === "present") return field.nullable ? { not: null } : undefined;
  if (field.type === "string") {
    if (op === "equals") return { equals: value };
    return { [op]: value, mode: "insensitive" };
  }
  if (field.type === "uuid") {
    if (op !== "equals") throw invalid("filterOp", `filterOp ${op} is not supported for ${name}; use equals or present.`);
    // An impossible GUID matches nothing; a malformed one would only be a typo, so say so.
    if (!isGuid(value)) throw invalid("filterValue", `filterValue for ${name} must be a GUID; got "${value}".`);
    return { equals: value.toLowerCase() };
  }
  if (op === "equals") {
    const instant = new Date(value);
    // The database keeps years 1 to 9999; anything outside cannot match and would fail there.
    const year = instant.getUTCFullYear();
    if (Number.isNaN(instant.getTime()) || year < 1 || year > 9999) {
      throw invalid("filterValue", `filterValue for ${name} must be an ISO 8601 timestamp; got "${value}".`);
    }
    return { equals: instant };
  }
  if (op === "startsWith") {
    const range = datePrefixRange(value);
    if (!range) throw invalid("filterValue", `filterValue for ${name} with startsWith must be YYYY, YYYY-MM or YYYY-MM-DD; got "${value}".`);
    return range;
  }
  throw invalid("filterOp", `filterOp contains is not supported for ${name}; use equals, startsWith or present.`);
}

/** Parses startIndex/count/filterBy/filterValue/filterOp; any bad value is a 400 naming the parameter. */
export function parseListQuery(params: URLSearchParams, filterable: Filterable): ListQuery {
  const startIndex = parseNonNegativeInt(params, "startIndex") ?? 0;
  const requestedCount = parseNonNegativeInt(params, "count");
  const take = Math.min(requestedCount ?? MAX_COUNT, MAX_COUNT);

  let where: Record<string, unknown> = {};
  const filterBy = params.get("filterBy");
  const rawOp = params.get("filterOp");
  const value = params.get("filterValue");
  if (filterBy === null) {
    if (rawOp !== null || value !== null) throw invalid("filterBy", "filterOp and filterValue need filterBy (the property to filter on).");
  } else {
    const field = Object.hasOwn(filterable, filterBy) ? filterable[filterBy] : undefined;
    if (!field) {
      const allowed = Object.keys(filterable);
      throw invalid(
        "filterBy",
        allowed.length
          ? `Cannot filter on "${filterBy}". Filterable properties: ${allowed.join(", ")}.`
          : "This collection cannot be filtered.",
      );
    }
    const op = (rawOp ?? "equals") as FilterOp;
    if (!FILTER_OPS.includes(op)) throw invalid("filterOp", `Unknown filterOp "${rawOp}". Use one of: ${FILTER_OPS.join(", ")}.`);
    if (op !== "present" && value === null) throw invalid("filterValue", `filterOp ${op} needs a filterValue.`);
    const condition = filterCondition(filterBy, field, op, value ?? "");
    where = condition === undefined ? {} : nestAt(field.column, condition);
  }
  return { startIndex, requestedCount, skip: startIndex, take, where };
}

/** Marks a handler result as a whole paged body (withRest sends it as is, not inside {entry}). */
export const PAGE = Symbol("page");

/** Builds the paged envelope; itemsPerPage appears only when the client sent count. */
export function toPage<T>(query: ListQuery, totalResults: number, entry: T[]): Page<T> {
  const page: Page<T> = {
    startIndex: query.startIndex,
    ...(query.requestedCount !== undefined ? { itemsPerPage: entry.length } : {}),
    totalResults,
    entry,
  };
  return Object.defineProperty(page, PAGE, { value: true, enumerable: false });
}
