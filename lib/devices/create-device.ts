import { prisma } from "@/lib/core/db/client";
import { ApiError, fieldError } from "@/lib/core/errors/api-error";
import { allocateNumber } from "@/lib/devices/allocate-number";
import type { Actor } from "@/lib/core/tenancy/actor";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { allocationRequest, normalizeDeviceId, type DeviceScheme } from "@/lib/core/address";
import { runCcfTest } from "./ccf-test";
import { sendEmailCheck } from "./email-check";
import { getDevice } from "./get-device";
import { DEVICE_OPTIONS, type CreateDeviceInput, type UpdateDeviceInput } from "./schemas";
import { toDeviceEntry } from "./transform";

/** Which verifyBy a scheme accepts: mailCheck for email, ccfTest for phones. */
export function assertVerifyBy(scheme: DeviceScheme, verifyBy: UpdateDeviceInput["verifyBy"]): void {
  const fits = verifyBy === undefined || (verifyBy === "mailCheck" ? scheme === "mailto" : scheme === "tel");
  if (!fits) {
    const message = verifyBy === "mailCheck" ? "mailCheck checks mailto: devices" : "ccfTest checks tel: devices";
    throw fieldError("verifyBy", message);
  }
}

/** The options given in a create or update body, as stored. */
export const givenOptions = (input: Partial<Record<(typeof DEVICE_OPTIONS)[number], boolean | undefined>>): Record<string, boolean> =>
  Object.fromEntries(DEVICE_OPTIONS.flatMap((o) => (input[o] === undefined ? [] : [[o, input[o]]])));

/**
 * Adds a device to a user. "@purpose/..." and "@sms/..." allocate a number from the inventory;
 * any other id is normalized, and one address belongs to one user per domain (409). An email
 * device gets a verification email at once; a phone gets its call forwarding check with
 * verifyBy "ccfTest" (as PUT starts it), and otherwise waits for one.
 */
export async function createDevice(actor: Actor, guid: string, input: CreateDeviceInput) {
  const user = await getUserOrThrow(actor, guid);
  const allocation = allocationRequest(input.id);
  const fields = { name: input.name, label: input.label, carrier: input.carrier, key: input.key, options: givenOptions(input) };
  if (allocation) return allocateNumber(user, allocation, fields);

  const { scheme, address } = normalizeDeviceId(input.id);
  assertVerifyBy(scheme, input.verifyBy);
  const taken = await prisma.device.findUnique({ where: { domainId_address: { domainId: user.domainId, address } }, select: { userId: true } });
  if (taken) {
    const whose = taken.userId === user.id ? "this user already has it" : "another user of the domain has it";
    throw new ApiError(
      "conflict",
      `${address} is already a device in domain ${user.domain.name} (${whose}). An address belongs to one user per domain.`,
    );
  }
  const device = await prisma.device.create({
    data: { userId: user.id, domainId: user.domainId, address, ...fields, checkStatus: scheme === "mailto" || scheme === "tel" ? "pending" : null },
  });
  if (scheme === "mailto") await sendEmailCheck(actor, device);
  if (input.verifyBy === "ccfTest") await runCcfTest(device);
  return scheme === "mailto" || input.verifyBy ? getDevice(actor, guid, address) : toDeviceEntry({ ...device, phoneNumber: null });
}
