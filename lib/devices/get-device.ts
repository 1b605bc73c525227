import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { normalizeDeviceId } from "@/lib/core/address";
import { toDeviceEntry, withNumber, type DeviceRow } from "./transform";

/** The stored spelling of a device id from a path, or undefined when it cannot name a device. */
export function storedAddress(id: string): string | undefined {
  if (/^service:\d{7,15}$/i.test(id)) return id.toLowerCase();
  try {
    return normalizeDeviceId(id).address;
  } catch {
    return undefined;
  }
}

/** The user's device if the actor may see both; 404 otherwise. `deviceId` may be spelled any way the API accepts. */
export async function getDeviceOrThrow(
  actor: Actor,
  guid: string,
  deviceId: string,
): Promise<DeviceRow & { user: { id: string; domainId: string } }> {
  const user = await getUserOrThrow(actor, guid);
  const address = storedAddress(deviceId);
  const device = address ? await scopedDb(actor).device.findFirst({ where: { userId: user.id, address }, include: withNumber }) : null;
  if (!device) throw notFound(`Device ${deviceId} of user ${guid}`);
  return { ...device, user: { id: user.id, domainId: user.domainId } };
}

export async function getDevice(actor: Actor, guid: string, deviceId: string) {
  return toDeviceEntry(await getDeviceOrThrow(actor, guid, deviceId));
}
