import { ApiError, notFound } from "@/lib/core/errors/api-error";
import { releaseNumber } from "@/lib/numbers/release-number";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getDeviceOrThrow } from "./get-device";
import { toDeviceEntry } from "./transform";

/**
 * Removes a device and answers what it was. The default device goes only when the user has another,
 * which becomes the default (a user always keeps one device). A purpose number returns to the
 * inventory after its quarantine.
 */
export async function deleteDevice(actor: Actor, guid: string, deviceId: string) {
  const device = await getDeviceOrThrow(actor, guid, deviceId);
  await scopedDb(actor).$transaction(async (tx) => {
    // One removal per user at a time, so two concurrent ones cannot take the last two devices.
    await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${device.userId}::uuid FOR UPDATE`;
    if (device.isDefault) {
      const others = { userId: device.userId, id: { not: device.id } };
      const next = await tx.device.findFirst({ where: others, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
      if (!next) {
        throw new ApiError(
          "conflict",
          `${device.address} is this user's default device and its only one: add another device first. A user always keeps at least one device.`,
        );
      }
      await tx.device.updateMany({ where: { id: next.id }, data: { isDefault: true } });
    }
    await releaseNumber(tx, device.id);
    const { count } = await tx.device.deleteMany({ where: { id: device.id } });
    if (count === 0) throw notFound(`Device ${deviceId} of user ${guid}`);
  });
  return toDeviceEntry(device);
}
