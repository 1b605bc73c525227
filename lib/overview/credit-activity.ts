import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { listBillingAccounts } from "@/lib/billing/list-billing-accounts";
import { overviewWindow } from "./days";

export interface AccountCredit {
  accountId: string;
  name: string;
  currency: string;
  balance: string;
  status: "ok" | "low" | "exhausted";
  members: number;
  /** The balance at the end of each day of the window (from the ledger), as a number for the chart; null before the account existed. */
  daily: { day: string; balance: number | null }[];
}

/** Each of the actor's billing accounts with its balance now and at the end of each day of the window. */
export async function creditActivity(actor: Actor, window = overviewWindow()): Promise<AccountCredit[]> {
  const accounts = await listBillingAccounts(actor);
  const ids = accounts.map((a) => a.accountId);
  const scoped = { accountId: { in: ids } };
  const db = scopedDb(actor);
  const [entries, before] = await Promise.all([
    db.ledgerEntry.findMany({
      where: { AND: [scoped, { createdAt: { gte: window.since } }] },
      select: { accountId: true, createdAt: true, balanceAfter: true },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    // Each account's balance when the window opened: its last entry before it.
    db.ledgerEntry.findMany({
      where: { AND: [scoped, { createdAt: { lt: window.since } }] },
      select: { accountId: true, balanceAfter: true },
      orderBy: [{ accountId: "asc" }, { createdAt: "desc" }, { id: "desc" }],
      distinct: ["accountId"],
    }),
  ]);
  return accounts.map((a) => {
    let balance = Number(before.find((b) => b.accountId === a.accountId)?.balanceAfter ?? 0);
    const own = entries.filter((e) => e.accountId === a.accountId);
    const daily = window.days.map((day) => {
      for (const e of own) if (e.createdAt.toISOString().slice(0, 10) === day) balance = Number(e.balanceAfter);
      return { day, balance };
    });
    const opened = a.created.slice(0, 10);
    return {
      accountId: a.accountId,
      name: a.name,
      currency: a.currency,
      balance: a.balance,
      status: a.status,
      members: a.members,
      daily: daily.map((d) => (d.day < opened ? { day: d.day, balance: null } : d)),
    };
  });
}
