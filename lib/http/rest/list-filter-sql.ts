import type { SqlValues } from "@/lib/core/db/sql-values";
import type { ColumnCondition, ColumnFilter, RequestedFilters } from "./list-filters";

// A list's filters as a database condition: a Prisma where, or SQL for the raw list queries, with
// the same semantics (text matches other than equals ignore case; LIKE patterns match literally).

/** "domain.name" -> { domain: { name: condition } } */
function nestAt(column: string, condition: unknown): Record<string, unknown> {
  return column.split(".").reduceRight<unknown>((inner, key) => ({ [key]: inner }), condition) as Record<string, unknown>;
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

/** The filters as a Prisma where: the one filter's condition, with filterOp=all an AND of them all, none: {}. */
export function prismaWhere({ filters, several }: RequestedFilters): Record<string, unknown> {
  if (!filters.length) return {};
  return several ? { AND: filters.map(prismaWhereOf) } : prismaWhereOf(filters[0]!);
}

/** A timestamp parameter compared with a Prisma DateTime column (timestamp(3), kept in UTC). */
const utcTimestamp = (values: SqlValues, instant: Date) => `(${values.add(instant.toISOString())}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * The query's filters as one SQL condition on the row `alias` (a raw list's WHERE), every value a
 * parameter; the same semantics as prismaWhere. A column of another table ("relation.field") needs its
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
