import type { Prisma } from "@prisma/client";
import type { Tx } from "@/lib/core/db/client";

/**
 * The user holding purpose number `number` (E.164 digits; an SMS-capable one when `sms`) through its
 * service:<number> device, among the devices `scope` admits; undefined when none does.
 */
export async function findNumberHolder(db: Pick<Tx, "device">, number: string, scope: Prisma.DeviceWhereInput, sms = false) {
  const device = await db.device.findFirst({
    where: { AND: [{ address: `service:${number}`, phoneNumber: { is: { status: "allocated", ...(sms ? { sms: true } : {}) } } }, scope] },
    select: { user: { select: { id: true, domainId: true, domain: { select: { name: true } } } } },
  });
  return device?.user;
}
