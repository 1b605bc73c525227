import type { Prisma } from "@prisma/client";
import { prisma } from "@/lib/core/db/client";
import { toPage, type ListQuery } from "@/lib/http/rest/list-query";
import type { Actor } from "@/lib/core/tenancy/actor";
import { getBillingAccountOrThrow } from "./get-billing-account";
import { getUserAccountOrThrow } from "./get-user-billing";
import { toLedgerEntry } from "./transform";

async function ledgerRows(where: Prisma.LedgerEntryWhereInput, query: ListQuery) {
  const all = { AND: [where, query.where] };
  return Promise.all([
    prisma.ledgerEntry.count({ where: all }),
    prisma.ledgerEntry.findMany({
      where: all,
      include: { user: { select: { login: true, domain: { select: { name: true } } } } },
      skip: query.skip,
      take: query.take,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    }),
  ]);
}

/** The API's view: the user's own entries (debits, refunds) and the account's top-ups, newest first; never another member's. */
export async function listUserLedger(actor: Actor, userGuid: string, query: ListQuery) {
  const { user, account } = await getUserAccountOrThrow(actor, userGuid);
  const [total, rows] = await ledgerRows({ accountId: account.id, OR: [{ userId: user.id }, { kind: "credit", userId: null }] }, query);
  return toPage(
    query,
    total,
    rows.map((row) => toLedgerEntry(row, account.currency)),
  );
}

/** The portal's view: every entry of one of the developer's accounts, newest first, naming each user "<domain>:<login>". */
export async function listAccountLedger(actor: Actor, accountId: string, query: ListQuery) {
  const account = await getBillingAccountOrThrow(actor, accountId);
  const [total, rows] = await ledgerRows({ accountId: account.id }, query);
  return toPage(
    query,
    total,
    rows.map((row) => ({ ...toLedgerEntry(row, account.currency), userName: row.user ? `${row.user.domain.name}:${row.user.login}` : undefined })),
  );
}
