import { config } from "@/lib/core/config";
import type { Tx } from "@/lib/core/db/client";

const DAY_MS = 86_400_000;
const quarantine = () => ({
  status: "quarantined",
  deviceId: null,
  allocatedAt: null,
  paidUntil: null,
  quarantinedUntil: new Date(Date.now() + config().NUMBER_QUARANTINE_DAYS * DAY_MS),
});

/** Puts the number of a purpose-number device (if it is one) into quarantine. */
export async function releaseNumber(tx: Tx, deviceId: string): Promise<void> {
  await tx.phoneNumber.updateMany({ where: { deviceId }, data: quarantine() });
}

/**
 * Returns numbers whose quarantine is over to the pool, and quarantines numbers whose device went
 * with its user (the foreign key set it to null). Run before numbers are searched or allocated.
 */
export async function reclaimNumbers(tx: Pick<Tx, "phoneNumber">): Promise<void> {
  await tx.phoneNumber.updateMany({
    where: { status: "quarantined", quarantinedUntil: { lte: new Date() } },
    data: { status: "available", quarantinedUntil: null },
  });
  await tx.phoneNumber.updateMany({ where: { status: "allocated", deviceId: null }, data: quarantine() });
}
