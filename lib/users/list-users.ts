import { sql } from "@/lib/core/db/client";
import { sqlValues } from "@/lib/core/db/sql-values";
import { filterSql, toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { userScopeSql } from "@/lib/core/tenancy/scope-sql";
import { toUserEntry, type UserEntryRow } from "./transform";

type PageRow = { total: number } & (({ id: string; domainName: string } & Omit<UserEntryRow, "domain">) | { id: null });

const ENTRY_COLUMNS = `u.id, u.login, u."firstName", u."lastName", u."createdAt" AT TIME ZONE 'UTC' AS "createdAt", u."createdWith",
  u."createdById", u."lastUsedAt" AT TIME ZONE 'UTC' AS "lastUsedAt", u.status, u.suspended, u."pwdStatus", u.locale, u."accountId",
  u."callerId", d.name AS "domainName"`;

/** The users' properties on another table, as SQL on the row u (filterSql). */
export const USER_RELATED_COLUMNS = { "domain.name": `(SELECT dn.name FROM "Domain" dn WHERE dn.id = u."domainId")` };

/** From this startIndex on, an unfiltered page reads its total first and scans from the nearer end of the list. */
export const DEEP_PAGE = 1_000;

/** Up to this many matches, a filtered page is cut from the matches read once, not scanned for its total and again for the page. */
export const FEW_MATCHES = 1_000;

/** The WHERE of the actor's users (plus `within` and the filters) and, when unfiltered, the SQL of their total. */
function usersSql(actor: Actor, query: ListQuery, within?: { domainId: string }) {
  const values = sqlValues();
  const scope = userScopeSql(actor, values);
  const withinDomain = within && values.add(within.domainId);
  const where = `${scope.users}${withinDomain ? ` AND u."domainId" = ${withinDomain}` : ""} AND ${filterSql(query.filters, "u", values, USER_RELATED_COLUMNS)}`;
  // An unfiltered total adds up the domains' trigger-kept userCount instead of counting rows.
  const counted =
    query.filters.length === 0 && scope.domains
      ? `SELECT COALESCE(sum(d."userCount"), 0)::int AS total FROM "Domain" d WHERE ${scope.domains}${withinDomain ? ` AND d.id = ${withinDomain}` : ""}`
      : undefined;
  return { values, where, counted };
}

/**
 * The one statement of a users page (docs/performance.md): the total (row c) and the page together.
 * The page's ids are read first, from the (domainId, createdAt, id) index when unfiltered, so a deep
 * OFFSET skips index entries, not rows. With `totalHint` (the total read just before) a page past
 * the middle is read backwards from the end; the statement checks the hint against the total it
 * reads itself and reads forwards if they differ, so a concurrent create or delete never shifts the
 * page. A filtered page reads up to FEW_MATCHES + 1 matches once and, when that is all of them,
 * counts and cuts the page from them; with more, it counts and pages in the index as usual.
 */
export function usersPageStatement(actor: Actor, query: ListQuery, within?: { domainId: string }, totalHint?: number) {
  const { values, where, counted } = usersSql(actor, query, within);
  const [take, skip] = [values.add(query.take), values.add(query.skip)];
  const forward = (condition: string) =>
    `SELECT u.id FROM "User" u WHERE ${where}${condition} ORDER BY u."createdAt", u.id LIMIT ${take} OFFSET ${skip}`;
  const fromEnd = (hint: number) => {
    const placeholder = values.add(hint);
    const [backTake, backSkip] = [Math.max(Math.min(query.take, hint - query.skip), 0), Math.max(hint - query.skip - query.take, 0)];
    return `(${forward(` AND c.total <> ${placeholder}`)}) UNION ALL (SELECT u.id FROM "User" u WHERE ${where} AND c.total = ${placeholder}
      ORDER BY u."createdAt" DESC, u.id DESC LIMIT ${values.add(backTake)} OFFSET ${values.add(backSkip)})`;
  };
  const [prefix, total, ids] = counted
    ? ["", counted, totalHint !== undefined && query.skip > totalHint / 2 ? fromEnd(totalHint) : forward("")]
    : [
        `WITH matching AS MATERIALIZED (SELECT u.id, u."createdAt" FROM "User" u WHERE ${where} LIMIT ${FEW_MATCHES + 1})`,
        `SELECT n.few, CASE WHEN n.few <= ${FEW_MATCHES} THEN n.few ELSE (SELECT count(*)::int FROM "User" u WHERE ${where}) END AS total
         FROM (SELECT count(*)::int AS few FROM matching) n`,
        `(SELECT m.id FROM matching m WHERE c.few <= ${FEW_MATCHES} ORDER BY m."createdAt", m.id LIMIT ${take} OFFSET ${skip})
         UNION ALL (${forward(` AND c.few > ${FEW_MATCHES}`)})`,
      ];
  const text = `${prefix} SELECT c.total, p.* FROM (${total}) c LEFT JOIN LATERAL (
      SELECT ${ENTRY_COLUMNS}
      FROM (${ids}) page
      JOIN "User" u ON u.id = page.id JOIN "Domain" d ON d.id = u."domainId"
    ) p ON true
    ORDER BY p."createdAt", p.id`;
  return { text, values: values.values };
}

/** The unfiltered total alone (a sum of userCount): the hint of a deep page. Undefined when filtered or for one user. */
export function usersTotalStatement(actor: Actor, query: ListQuery, within?: { domainId: string }) {
  const { values, counted } = usersSql(actor, query, within);
  return counted ? { text: counted, values: values.values } : undefined;
}

/**
 * A page of the users the actor may see, oldest first; `within` narrows to one domain (the portal).
 * One round trip; two for an unfiltered page from DEEP_PAGE on (its total first, to pick the end to read from).
 */
export async function listUsers(actor: Actor, query: ListQuery, within?: { domainId: string }) {
  const totalStatement = query.skip >= DEEP_PAGE ? usersTotalStatement(actor, query, within) : undefined;
  const totalHint = totalStatement && (await sql<{ total: number }>(totalStatement.text, totalStatement.values)).rows[0]?.total;
  const statement = usersPageStatement(actor, query, within, totalHint);
  const { rows } = await sql<PageRow>(statement.text, statement.values);
  const entries = rows.flatMap((row) => (row.id === null ? [] : [toUserEntry({ ...row, domain: { name: row.domainName } })]));
  return toPage(query, rows[0]?.total ?? 0, entries);
}
