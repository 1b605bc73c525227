import { chargeAccount } from "@/lib/billing/charge-account";
import { prisma, type Tx } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import { publishEvent } from "@/lib/outbox/publish";
import { releaseNumber } from "./release-number";

/** Renewals per job run: a backlog (say after a long shutdown) is worked off over the next runs. */
const BATCH_LIMIT = 200;
/** Concurrent runs queue for the connection (one on PGlite) and for the account's row: wait rather than fail. */

interface DueNumber {
  number: string;
  country: string;
  paidUntil: Date;
  nextPaidUntil: Date;
  deviceId: string;
  address: string;
  isDefault: boolean;
  userId: string;
  domainId: string;
  accountId: string | null;
}

export interface RenewalResult {
  renewed: number;
  released: number;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Locks one allocated number whose paid time is over. SKIP LOCKED: two instances running the job
 * at once take different numbers, and the row stays locked until the charge commits, after which
 * its paidUntil is in the future and no longer matches.
 */
async function claimDueNumber(tx: Tx): Promise<DueNumber | undefined> {
  const rows = await tx.$queryRaw<DueNumber[]>`
    SELECT n."number", n."country", n."paidUntil", n."paidUntil" + INTERVAL '1 month' AS "nextPaidUntil",
           d."id" AS "deviceId", d."address", d."isDefault", u."id" AS "userId", u."domainId", u."accountId"
    FROM "PhoneNumber" n JOIN "Device" d ON d."id" = n."deviceId" JOIN "User" u ON u."id" = d."userId"
    WHERE n."status" = 'allocated' AND n."paidUntil" <= (now() AT TIME ZONE 'UTC')
    ORDER BY n."paidUntil", n."number" LIMIT 1
    FOR UPDATE OF n SKIP LOCKED`;
  return rows[0];
}

/**
 * An unpaid number goes as if the user removed it: its device is deleted (another device becomes
 * the default if it was the default), the number enters quarantine, and the applications of the
 * user's domain get a PurposeNumberReleased event.
 */
async function releaseUnpaid(tx: Tx, due: DueNumber, reason: "credit_exhausted" | "billing_required"): Promise<void> {
  if (due.isDefault) {
    const next = await tx.device.findFirst({
      where: { userId: due.userId, id: { not: due.deviceId } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    if (next) await tx.device.update({ where: { id: next.id }, data: { isDefault: true } });
  }
  await releaseNumber(tx, due.deviceId);
  await tx.device.delete({ where: { id: due.deviceId } });
  const applications = await tx.application.findMany({ where: { domainId: due.domainId }, select: { id: true } });
  for (const { id } of applications) {
    await publishEvent(tx, {
      applicationId: id,
      type: "PurposeNumberReleased",
      resourcePath: `/devices/${due.userId}/${encodeURIComponent(due.address)}`,
      params: { userId: due.userId, id: due.address, number: `+${due.number}`, reason, paidUntil: due.paidUntil.toISOString() },
    });
  }
}

/** Charges one more month for a claimed number and moves its paidUntil; releases it when that cannot be paid. */
async function renewOne(tx: Tx, due: DueNumber): Promise<"renewed" | "released"> {
  if (!due.accountId) {
    await releaseUnpaid(tx, due, "billing_required");
    return "released";
  }
  try {
    await chargeAccount(tx, {
      accountId: due.accountId,
      item: "purpose_number_month",
      userId: due.userId,
      // The number and the period: each month of each number is charged once.
      reference: `device:${due.address}/${day(due.paidUntil)}..${day(due.nextPaidUntil)}`,
      description: `Purpose number +${due.number} (${due.country}), ${day(due.paidUntil)} to ${day(due.nextPaidUntil)}`,
    });
  } catch (error) {
    // A refused debit changes nothing (one conditional UPDATE), so the transaction goes on.
    if (!(error instanceof ApiError && error.code === "credit_exhausted")) throw error;
    await releaseUnpaid(tx, due, "credit_exhausted");
    return "released";
  }
  await tx.phoneNumber.update({ where: { number: due.number }, data: { paidUntil: due.nextPaidUntil } });
  return "renewed";
}

/**
 * The monthly renewal of purpose numbers (docs/numbers.md), run by the scheduler through
 * /api/jobs/renew-numbers: each allocated number whose paidUntil has passed is charged one month
 * in the same transaction that moves paidUntil, or released when its user cannot pay.
 */
export async function runRenewalBatch(): Promise<RenewalResult> {
  const result: RenewalResult = { renewed: 0, released: 0 };
  for (let i = 0; i < BATCH_LIMIT; i++) {
    const outcome = await prisma.$transaction(async (tx) => {
      const due = await claimDueNumber(tx);
      return due ? renewOne(tx, due) : undefined;
    });
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}
