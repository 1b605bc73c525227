import type { SqlValues } from "@/lib/core/db/sql-values";
import type { Actor } from "./actor";
import { userScopeRule } from "./scope";

// SQL forms of lib/core/tenancy/scope.ts for the raw list queries of the hot path, built from the same
// rules as the Prisma forms (lib/users/list-users.test.ts runs both on one database for every actor kind).

export interface UserScopeSql {
  /** The condition on a "User" row aliased u. */
  users: string;
  /** The condition on a "Domain" row aliased d when the scope is whole domains (their userCount adds up to its size); absent for a single user. */
  domains?: string;
}

export function userScopeSql(actor: Actor, values: SqlValues): UserScopeSql {
  const rule = userScopeRule(actor);
  if ("ownerId" in rule) {
    const owner = values.add(rule.ownerId);
    return { users: `u."domainId" IN (SELECT id FROM "Domain" WHERE "ownerId" = ${owner})`, domains: `d."ownerId" = ${owner}` };
  }
  const domain = values.add(rule.domainId);
  if (rule.userId) return { users: `u."domainId" = ${domain} AND u.id = ${values.add(rule.userId)}` };
  return { users: `u."domainId" = ${domain}`, domains: `d.id = ${domain}` };
}
