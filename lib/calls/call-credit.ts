import type { Prisma } from "@prisma/client";
import { chargeAccount } from "@/lib/billing/charge-account";
import { creditAccount } from "@/lib/billing/credit-account";
import { formatMoney, unitPrice } from "@/lib/billing/pricing";
import type { Tx } from "@/lib/core/db/client";
import { countOf } from "@/lib/core/text/count-of";
import { publishCallEvent } from "./call-events";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import type { CallRow } from "./transform";

// A call's credit (docs/billing.md, "Calls"): its first minute is debited when the call is placed,
// in the transaction that opens it, so concurrent calls cannot spend the same balance. While it is
// connected, each minute is debited as it starts (an engine timer at every minute boundary); a
// minute the account cannot pay ends the call. At the end, minutes paid but not used are released.

const MINUTE_MS = 60_000;

type Paying = Pick<CallRow, "id" | "userId" | "billingAccountId" | "minutePrice" | "paidMinutes">;

/** Started minutes of connected time: what a call owes (61 s = 2); nothing before it connected. */
const minutesOwed = (call: Pick<CallRow, "connectTime">, seconds: number) => (call.connectTime ? Math.max(1, Math.ceil(seconds / 60)) : 0);

const minutesLabel = (first: number, count: number) => (count === 1 ? `minute ${first}` : `minutes ${first} to ${first + count - 1}`);

/** Locks the account's row (until the transaction ends) and reads what it holds. */
async function lockedAccount(tx: Tx, accountId: string) {
  await tx.$executeRaw`SELECT 1 FROM "BillingAccount" WHERE id = ${accountId}::uuid FOR UPDATE`;
  return tx.billingAccount.findUnique({ where: { id: accountId }, select: { id: true, currency: true, balance: true } });
}

/** How many of `wanted` minutes at `price` the balance pays. */
const payable = (balance: Prisma.Decimal, price: Prisma.Decimal, wanted: number) =>
  price.isZero() ? wanted : Math.min(wanted, balance.dividedToIntegerBy(price).toNumber());

async function debitMinutes(tx: Tx, call: Paying, accountId: string, price: Prisma.Decimal, count: number, description: string) {
  await chargeAccount(tx, {
    accountId,
    item: "call_minute",
    quantity: count,
    unitPrice: price,
    userId: call.userId,
    reference: `call:${call.id}`,
    description,
  });
  await tx.call.update({ where: { id: call.id }, data: { paidMinutes: { increment: count } } });
}

/** What a minute costs from the account now: a new call's price for every one of its minutes (open-call.ts writes it). */
export async function minutePriceOf(tx: Tx, accountId: string): Promise<Prisma.Decimal> {
  const { currency } = await tx.billingAccount.findUniqueOrThrow({ where: { id: accountId }, select: { currency: true } });
  return unitPrice(currency, "call_minute");
}

/**
 * Reserves a new call's first minute, in the transaction that opened the call with its account, its
 * minute price and one paid minute: 409 credit_exhausted when the balance cannot pay it (the
 * transaction then rolls back and no call exists).
 */
export async function reserveFirstMinute(tx: Tx, call: Paying): Promise<void> {
  if (!call.billingAccountId || !call.minutePrice) throw new Error(`reserveFirstMinute: call ${call.id} was opened without its account and price`);
  const description = `Call ${call.id}: first minute, reserved when the call was placed`;
  await chargeAccount(tx, {
    accountId: call.billingAccountId,
    item: "call_minute",
    unitPrice: call.minutePrice,
    userId: call.userId,
    reference: `call:${call.id}`,
    description,
  });
}

/** Once connected: the engine reports `timer` when the paid minutes run out. */
export async function startMinuteTimer(tx: Tx, call: Paying & Pick<CallRow, "connectTime">): Promise<void> {
  if (!call.billingAccountId || !call.connectTime) return;
  await telephonyEngine().setTimer(tx, call.id, new Date(call.connectTime.getTime() + call.paidMinutes * MINUTE_MS));
}

/**
 * The engine's timer: the paid minutes have run out, so the minutes started by now are debited
 * (one, unless the clock jumped) and the timer set for the end of them. Answers why the call must
 * end instead: the account cannot pay the next minute, or the user has left that account.
 */
export async function extendCallCredit(tx: Tx, call: CallRow, at: Date): Promise<"credit_exhausted" | "billing_required" | undefined> {
  if (!call.active || !call.connectTime || !call.billingAccountId || !call.minutePrice) return;
  const connectedAt = call.connectTime.getTime();
  if (at.getTime() < connectedAt + call.paidMinutes * MINUTE_MS) return; // a timer for minutes already paid
  const member = await tx.user.findUnique({ where: { id: call.userId }, select: { accountId: true } });
  if (member?.accountId !== call.billingAccountId) return "billing_required";
  const now = Math.max(at.getTime(), (await telephonyEngine().now(call.domainId, tx)).getTime());
  const started = Math.floor((now - connectedAt) / MINUTE_MS) + 1 - call.paidMinutes;
  const account = await lockedAccount(tx, call.billingAccountId);
  const count = account ? payable(account.balance, call.minutePrice, started) : 0;
  if (count === 0) return "credit_exhausted";
  await debitMinutes(tx, call, call.billingAccountId, call.minutePrice, count, `Call ${call.id}: ${minutesLabel(call.paidMinutes + 1, count)}`);
  await telephonyEngine().setTimer(tx, call.id, new Date(connectedAt + (call.paidMinutes + count) * MINUTE_MS));
}

/**
 * Settles an ended call: minutes paid but not used go back to the account that paid them; minutes
 * used but not yet paid (the call ended before its timer fired, or it reserved nothing) are charged
 * as far as the balance pays and the rest reported unpaid. A connected call gets its CallCost event.
 */
export async function settleCallCredit(tx: Tx, call: CallRow, seconds: number): Promise<void> {
  const owed = minutesOwed(call, seconds);
  const accountId =
    call.billingAccountId ?? (owed ? (await tx.user.findUnique({ where: { id: call.userId }, select: { accountId: true } }))?.accountId : null);
  const account = accountId ? await lockedAccount(tx, accountId) : null;
  if (!account) {
    if (owed)
      await publishCallEvent(tx, call, "CallCost", {
        status: "unbilled",
        minutes: owed,
        charged: 0,
        unpaidMinutes: owed,
        reason: "billing_required",
      });
    return;
  }
  const price = call.minutePrice ?? unitPrice(account.currency, "call_minute");
  const unused = call.paidMinutes - owed;
  if (unused > 0) {
    await creditAccount(tx, {
      accountId: account.id,
      amount: price.times(unused),
      refund: { item: "call_minute", quantity: unused, unitPrice: price, userId: call.userId },
      reference: `call:${call.id}`,
      description: `Call ${call.id}: ${countOf(unused, "unused minute")} released`,
    });
  }
  const more = owed > call.paidMinutes ? payable(account.balance, price, owed - call.paidMinutes) : 0;
  if (more) await debitMinutes(tx, call, account.id, price, more, `Call ${call.id}: ${minutesLabel(call.paidMinutes + 1, more)}`);
  if (!owed) return; // never connected: nothing to report
  const charged = Math.min(call.paidMinutes, owed) + more;
  const { balance } = await tx.billingAccount.findUniqueOrThrow({ where: { id: account.id }, select: { balance: true } });
  await publishCallEvent(tx, call, "CallCost", {
    status: charged === owed ? "charged" : "partially_charged",
    minutes: owed,
    charged,
    unpaidMinutes: owed - charged,
    unitPrice: formatMoney(price),
    amount: formatMoney(price.times(charged)),
    currency: account.currency,
    balance: formatMoney(balance),
  });
}
