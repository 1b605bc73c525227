import type { Device } from "@prisma/client";
import { schemeOf } from "@/lib/core/address";
import { DEVICE_OPTIONS, type DeviceEntry, type DeviceOption } from "./schemas";

export type DeviceRow = Device & { phoneNumber: { country: string; sms: boolean; paidUntil: Date | null } | null };

/** Include this with every device query so purpose numbers can show their country. */
export const withNumber = { phoneNumber: { select: { country: true, sms: true, paidUntil: true } } } as const;

const ASK_AGAIN = 'ask for a new verification email with PUT {"verifyBy": "mailCheck"}';

function checkDetail(device: Device, now = new Date()): string | undefined {
  const scheme = schemeOf(device.address);
  if (scheme === "tel" && device.checkStatus === "pending") {
    return 'Conditional call forwarding is not checked yet: PUT {"verifyBy": "ccfTest"} places a test call on the telephony simulator.';
  }
  if (scheme === "tel" && device.checkStatus === "failed") {
    return (
      "The call forwarding test call did not come back (the phone was busy, did not forward it, " +
      "or could not be reached). Set conditional call forwarding on the phone, then PUT " +
      '{"verifyBy": "ccfTest"} again.'
    );
  }
  if (scheme !== "mailto" || device.checkStatus === "passed") return undefined;
  if (device.checkStatus === "failed") return `The check failed (the email could not be sent, or too many wrong codes): ${ASK_AGAIN}.`;
  if (!device.verifyExpiresAt) return `Not checked yet: ${ASK_AGAIN}.`;
  if (device.verifyExpiresAt <= now) return `The verification code and link expired: ${ASK_AGAIN}.`;
  return `A verification email was sent; its code and link work until ${device.verifyExpiresAt.toISOString()}.`;
}

/** The stored options with every option present (false unless set). */
export function optionsOf(device: Pick<Device, "options">): Record<DeviceOption, boolean> {
  const stored = (device.options ?? {}) as Record<string, unknown>;
  return Object.fromEntries(DEVICE_OPTIONS.map((o) => [o, stored[o] === true])) as Record<DeviceOption, boolean>;
}

/** The public shape of a device: never its verification hashes. */
export function toDeviceEntry(device: DeviceRow): DeviceEntry {
  const scheme = schemeOf(device.address);
  const checkStatus = (device.checkStatus ?? undefined) as DeviceEntry["ccfCheck"];
  return {
    id: device.address,
    name: device.name ?? undefined,
    label: device.label ?? undefined,
    carrier: device.carrier ?? undefined,
    key: device.key ?? undefined,
    verified: device.verified,
    default: device.isDefault,
    ...(scheme === "tel" ? { ccfCheck: checkStatus } : {}),
    ...(scheme === "mailto" ? { mailCheck: checkStatus } : {}),
    checkDetail: checkDetail(device),
    ...(device.phoneNumber
      ? { location: device.phoneNumber.country, sms: device.phoneNumber.sms, paidUntil: device.phoneNumber.paidUntil?.toISOString() }
      : {}),
    createdOn: device.createdAt.toISOString(),
    ...optionsOf(device),
  };
}
