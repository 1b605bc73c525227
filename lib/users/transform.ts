import type { User } from "@prisma/client";

/** The public shape of a user: never the password or its hash. */
export function toUserEntry(user: User, domainName: string) {
  return {
    guid: user.id,
    login: user.login,
    domain: domainName,
    firstName: user.firstName ?? undefined,
    lastName: user.lastName ?? undefined,
    createdOn: user.createdAt.toISOString(),
    createdWith: user.createdWith ?? undefined,
    status: user.status,
    suspended: user.suspended,
    pwdStatus: user.pwdStatus,
    locale: user.locale ?? undefined,
    accountId: user.accountId ?? undefined,
    callerId: user.callerId ?? undefined,
  };
}

export type UserEntry = ReturnType<typeof toUserEntry>;
