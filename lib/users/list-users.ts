import { sql } from "@/lib/db/client";
import { sqlValues } from "@/lib/db/sql-values";
import { filterSql, toPage, type ListQuery } from "@/lib/rest/list-query";
import type { Actor } from "@/lib/tenancy/actor";
import { userScopeSql } from "@/lib/tenancy/scope-sql";
import { toUserEntry, type UserEntryRow } from "./transform";

type PageRow = { total: number } & ({ id: string; domainName: string } & Omit<UserEntryRow, "domain"> | { id: null });

const ENTRY_COLUMNS = `u.id, u.login, u."firstName", u."lastName", u."createdAt" AT TIME ZONE 'UTC' AS "createdAt", u."createdWith",
  u.status, u.suspended, u."pwdStatus", u.locale, u."accountId", u."callerId", d.name AS "domainName"`;

/**
 * The one statement of a users page (docs/performance.md): the total and the page together. The
 * page's ids are read first from the (domainId, createdAt, id) index, so a deep OFFSET skips index
 * entries, not rows; an unfiltered total adds up the domains' trigger-kept userCount instead of
 * counting rows.
 */
export function usersPageStatement(actor: Actor, query: ListQuery, within?: { domainId: string }) {
  const values = sqlValues();
  const scope = userScopeSql(actor, values);
  const withinDomain = within && values.add(within.domainId);
  const where = `${scope.users}${withinDomain ? ` AND u."domainId" = ${withinDomain}` : ""} AND ${filterSql(query.filters, "u", values)}`;
  const total =
    query.filters.length === 0 && scope.domains
      ? `SELECT COALESCE(sum(d."userCount"), 0)::int AS total FROM "Domain" d WHERE ${scope.domains}${withinDomain ? ` AND d.id = ${withinDomain}` : ""}`
      : `SELECT count(*)::int AS total FROM "User" u WHERE ${where}`;
  const text = `SELECT c.total, p.* FROM (${total}) c LEFT JOIN LATERAL (
      SELECT ${ENTRY_COLUMNS}
      FROM (SELECT u.id FROM "User" u WHERE ${where} ORDER BY u."createdAt", u.id LIMIT ${values.add(query.take)} OFFSET ${values.add(query.skip)}) page
      JOIN "User" u ON u.id = page.id JOIN "Domain" d ON d.id = u."domainId"
    ) p ON true
    ORDER BY p."createdAt", p.id`;
  return { text, values: values.values };
}

/** A page of the users the actor may see, oldest first; `within` narrows to one domain (the portal). One round trip. */
export async function listUsers(actor: Actor, query: ListQuery, within?: { domainId: string }) {
  const statement = usersPageStatement(actor, query, within);
  const { rows } = await sql<PageRow>(statement.text, statement.values);
  const entries = rows.flatMap((row) => (row.id === null ? [] : [toUserEntry({ ...row, domain: { name: row.domainName } })]));
  return toPage(query, rows[0]?.total ?? 0, entries);
}
