import type { User } from "@prisma/client";
import type { UserEntry } from "./schemas";

/** The columns a user's entry shows, and its domain's name. */
export type UserEntryRow = Omit<User, "domainId" | "passwordHash"> & { domain: { name: string } };

/** The public shape of a user: never the password or its hash. */
export function toUserEntry(user: UserEntryRow): UserEntry {
  return {
    guid: user.id,
    login: user.login,
    domain: user.domain.name,
    firstName: user.firstName ?? undefined,
    lastName: user.lastName ?? undefined,
    createdOn: user.createdAt.toISOString(),
    createdWith: user.createdWith ?? undefined,
    createdBy: user.createdById ?? undefined,
    lastUsed: user.lastUsedAt?.toISOString(),
    status: user.status,
    suspended: user.suspended,
    pwdStatus: user.pwdStatus,
    locale: user.locale ?? undefined,
    accountId: user.accountId ?? undefined,
    callerId: user.callerId ?? undefined,
  };
}
