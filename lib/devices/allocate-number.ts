import { chargeAccount } from "@/lib/billing/charge-account";
import { requireBillingAccount } from "@/lib/billing/require-billing-account";
import { prisma, type Tx } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { DeviceEntry } from "@/lib/devices/schemas";
import { toDeviceEntry } from "@/lib/devices/transform";
import { reclaimNumbers } from "@/lib/numbers/release-number";

export interface AllocationRequest {
  /** Only SMS-capable numbers (@sms/...). */
  sms: boolean;
  /** Any free number of this country (alpha-3)... */
  country?: string;
  /** ...or this one (E.164 digits). */
  number?: string;
}

interface DeviceFields {
  name?: string;
  label?: string;
  carrier?: string;
  key?: string;
  options: Record<string, boolean>;
}

/** Concurrent allocations queue for the account's row (and, on PGlite, for its one connection): wait rather than fail. */

/** Takes the first free number of a country in one statement; SKIP LOCKED lets concurrent takers pass each other. */
async function takeAny(tx: Tx, country: string, sms: boolean): Promise<string | undefined> {
  const rows = await tx.$queryRaw<Array<{ number: string }>>`
    UPDATE "PhoneNumber"
    SET "status" = 'allocated', "allocatedAt" = now(), "paidUntil" = (now() AT TIME ZONE 'UTC') + INTERVAL '1 month', "quarantinedUntil" = NULL
    WHERE "number" = (
      SELECT "number" FROM "PhoneNumber"
      WHERE "status" = 'available' AND "country" = ${country} AND ("sms" OR NOT ${sms})
      ORDER BY "number" LIMIT 1 FOR UPDATE SKIP LOCKED
    )
    RETURNING "number"`;
  return rows[0]?.number;
}

/** Takes one named number if it is free; of concurrent takers one wins, the others find it allocated. */
async function takeSpecific(tx: Tx, number: string, sms: boolean): Promise<string | undefined> {
  const rows = await tx.$queryRaw<Array<{ number: string }>>`
    UPDATE "PhoneNumber"
    SET "status" = 'allocated', "allocatedAt" = now(), "paidUntil" = (now() AT TIME ZONE 'UTC') + INTERVAL '1 month', "quarantinedUntil" = NULL
    WHERE "number" = ${number} AND "status" = 'available' AND ("sms" OR NOT ${sms})
    RETURNING "number"`;
  return rows[0]?.number;
}

/** Why nothing could be taken: 404 for what the inventory does not hold, 409 for what is taken. */
async function whyNot(tx: Tx, request: AllocationRequest): Promise<ApiError> {
  const kind = request.sms ? "SMS-capable number" : "number";
  if (request.number) {
    const row = await tx.phoneNumber.findUnique({ where: { number: request.number } });
    if (!row)
      return new ApiError("not_found", `tel:${request.number} is not in the number inventory. Search free numbers with GET /devices/@purpose.`);
    if (request.sms && !row.sms)
      return new ApiError("conflict", `tel:${request.number} cannot send SMS; choose one with sms true, or allocate it with @purpose/.`);
    return new ApiError("conflict", `tel:${request.number} is not free (${row.status}). Search free numbers with GET /devices/@purpose.`);
  }
  const held = await tx.phoneNumber.count({ where: { country: request.country, ...(request.sms ? { sms: true } : {}) } });
  if (!held) {
    const countries = (await tx.phoneNumber.findMany({ distinct: ["country"], select: { country: true }, orderBy: { country: "asc" } })).map(
      (c) => c.country,
    );
    return new ApiError(
      "not_found",
      `The number inventory has no ${kind} of ${request.country}. Countries it holds: ${countries.join(", ") || "none"}.`,
    );
  }
  return new ApiError("conflict", `Every ${kind} of ${request.country} is taken. Try again later, or ask the operator to import more.`);
}

/**
 * Gives a user (found within the caller's scope) a purpose number: takes a free one (of a country, or the one named), makes it the
 * device service:<number> and charges the user's billing account for the first month, all in one
 * transaction. A user without a billing account gets 403, an account without credit 409, and no
 * number is ever given to two users.
 */
export async function allocateNumber(user: { id: string; domainId: string }, request: AllocationRequest, fields: DeviceFields): Promise<DeviceEntry> {
  return prisma.$transaction(async (tx) => {
    const { accountId } = await requireBillingAccount(user.id, tx);
    await reclaimNumbers(tx);
    const number = request.number ? await takeSpecific(tx, request.number, request.sms) : await takeAny(tx, request.country!, request.sms);
    if (!number) throw await whyNot(tx, request);
    const device = await tx.device.create({
      data: { userId: user.id, domainId: user.domainId, address: `service:${number}`, ...fields, verified: true },
    });
    const row = await tx.phoneNumber.update({ where: { number }, data: { deviceId: device.id } });
    await chargeAccount(tx, {
      accountId,
      item: "purpose_number_month",
      userId: user.id,
      reference: `device:${device.address}`,
      description: `Purpose number +${number} (${row.country}), first month`,
    });
    return toDeviceEntry({ ...device, phoneNumber: row });
  });
}
