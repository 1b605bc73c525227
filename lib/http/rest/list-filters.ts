import { isGuid } from "@/lib/core/validation";
import { invalidParameter } from "@/lib/core/errors/api-error";

// The filters of every collection (filterBy, filterValue, filterOp), checked against the properties
// the resource declares filterable and turned into column conditions as data; list-filter-sql.ts
// makes them a Prisma where or raw SQL.

/** "all": several properties at once (the original clients' form), filterBy and filterValue as comma lists. */
export const FILTER_OPS = ["equals", "contains", "startsWith", "present", "all"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export type FilterField =
  /** Text column; contains/startsWith ignore case, equals is exact. */
  (
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
 * One filter on one column, as data: the Prisma `where` and the SQL of raw list queries are both
 * built from it (list-filter-sql.ts). Text matches other than equals ignore case.
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

/** "2026-11" -> the half-open UTC range of that month (likewise a year or a day); undefined for anything else. */
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
    if (op !== "equals") throw invalidParameter("filterOp", `filterOp ${op} is not supported for ${name}; use equals or present.`);
    // An impossible GUID matches nothing; a malformed one would only be a typo, so say so.
    if (!isGuid(value)) throw invalidParameter("filterValue", `filterValue for ${name} must be a GUID; got "${value}".`);
    return { op: "equals", value: value.toLowerCase() };
  }
  if (op === "equals") {
    const instant = new Date(value);
    // The database keeps years 1 to 9999; anything outside cannot match and would fail there.
    const year = instant.getUTCFullYear();
    if (Number.isNaN(instant.getTime()) || year < 1 || year > 9999) {
      throw invalidParameter("filterValue", `filterValue for ${name} must be an ISO 8601 timestamp; got "${value}".`);
    }
    return { op: "equals", value: instant };
  }
  if (op === "startsWith") {
    const range = datePrefixRange(value);
    if (!range) throw invalidParameter("filterValue", `filterValue for ${name} with startsWith must be YYYY, YYYY-MM or YYYY-MM-DD; got "${value}".`);
    return { op: "range", ...range };
  }
  throw invalidParameter("filterOp", `filterOp contains is not supported for ${name}; use equals, startsWith or present.`);
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
  if (inner.includes("*")) throw invalidParameter("filterValue", `A * may only begin or end a filterValue; "${value}" for ${name} has one inside.`);
  if (field.type === "datetime" && trailing && !leading) return filterCondition(name, field, "startsWith", inner);
  if (!leading && !trailing)
    return filterCondition(name, field, field.type === "datetime" && datePrefixRange(value) ? "startsWith" : "equals", value);
  if (field.type !== "string") throw invalidParameter("filterValue", `${name} cannot be matched with *; give its exact value.`);
  return { op: leading && trailing ? "contains" : leading ? "endsWith" : "startsWith", value: inner };
}

function fieldOf(filterable: Filterable, filterBy: string): FilterField {
  const field = Object.hasOwn(filterable, filterBy) ? filterable[filterBy] : undefined;
  if (field) return field;
  const allowed = Object.keys(filterable);
  const several = filterBy.includes(",") ? " To filter on several properties, add filterOp=all." : "";
  throw invalidParameter(
    "filterBy",
    allowed.length
      ? `Cannot filter on "${filterBy}". Filterable properties: ${allowed.join(", ")}.${several}`
      : "This collection cannot be filtered.",
  );
}

/** filterOp=all: every property of the filterBy list must match its value in the filterValue list. */
function allFilters(filterable: Filterable, filterBy: string, value: string | null): ColumnFilter[] {
  if (value === null) throw invalidParameter("filterValue", "filterOp all needs a filterValue: one value per filterBy property, comma-separated.");
  const names = filterBy.split(",").map((n) => n.trim());
  const values = value.split(",").map((v) => v.trim());
  if (names.length !== values.length) {
    throw invalidParameter(
      "filterValue",
      `filterOp all needs one filterValue per filterBy property: got ${names.length} properties and ${values.length} values.`,
    );
  }
  return names.flatMap((name, i) => {
    const field = fieldOf(filterable, name);
    const condition = patternCondition(name, field, values[i]!);
    return condition === undefined ? [] : [{ column: field.column, condition }];
  });
}

/** The filters of a request, all of which must hold; `several` when they came as filterOp=all. */
export interface RequestedFilters {
  filters: ColumnFilter[];
  several: boolean;
}

/** Parses filterBy/filterValue/filterOp; any bad value is a 400 naming the parameter. */
export function parseFilters(params: URLSearchParams, filterable: Filterable): RequestedFilters {
  const filterBy = params.get("filterBy");
  const rawOp = params.get("filterOp");
  const value = params.get("filterValue");
  if (filterBy === null) {
    if (rawOp !== null || value !== null) throw invalidParameter("filterBy", "filterOp and filterValue need filterBy (the property to filter on).");
    return { filters: [], several: false };
  }
  const op = (rawOp ?? "equals") as FilterOp;
  if (!FILTER_OPS.includes(op)) throw invalidParameter("filterOp", `Unknown filterOp "${rawOp}". Use one of: ${FILTER_OPS.join(", ")}.`);
  if (op === "all") return { filters: allFilters(filterable, filterBy, value), several: true };
  const field = fieldOf(filterable, filterBy);
  if (op !== "present" && value === null) throw invalidParameter("filterValue", `filterOp ${op} needs a filterValue.`);
  const condition = filterCondition(filterBy, field, op, value ?? "");
  return { filters: condition === undefined ? [] : [{ column: field.column, condition }], several: false };
}
