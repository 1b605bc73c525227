import { notFound, fieldError } from "@/lib/core/errors/api-error";
import { withoutUnchangedReadOnly } from "@/lib/http/rest/read-only-fields";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { schemeOf } from "@/lib/core/address";
import { runCcfTest } from "./ccf-test";
import { assertVerifyBy, givenOptions } from "./create-device";
import { checkEmailCode, sendEmailCheck } from "./email-check";
import { getDevice, getDeviceOrThrow } from "./get-device";
import { DEVICE_READ_ONLY, type UpdateDeviceInput } from "./schemas";
import { optionsOf, toDeviceEntry } from "./transform";

/**
 * Changes a device's label, name, carrier, key and options; `verifyCode` confirms an email device,
 * `verifyBy` asks for its check again (mailCheck: a new email; ccfTest: the call forwarding check).
 */
export async function updateDevice(actor: Actor, guid: string, deviceId: string, input: UpdateDeviceInput) {
  const device = await getDeviceOrThrow(actor, guid, deviceId);
  const { verifyBy, verifyCode, name, label, carrier, key, ...rest } = withoutUnchangedReadOnly(input, toDeviceEntry(device), DEVICE_READ_ONLY);
  const scheme = schemeOf(device.address);
  assertVerifyBy(scheme, verifyBy);
  if (verifyCode !== undefined && verifyBy !== undefined) {
    throw fieldError("verifyBy", "cannot be sent with verifyCode", {
      detail: "verifyCode and verifyBy: send the code, or ask for a new one, not both.",
    });
  }
  if (verifyCode !== undefined && scheme !== "mailto") {
    throw fieldError("verifyCode", "only email devices are checked with a code");
  }
  const { count } = await scopedDb(actor).device.updateMany({
    where: { id: device.id },
    data: {
      ...(name !== undefined ? { name } : {}),
      ...(label !== undefined ? { label } : {}),
      ...(carrier !== undefined ? { carrier } : {}),
      ...(key !== undefined ? { key } : {}),
      options: { ...optionsOf(device), ...givenOptions(rest) },
      ...(verifyBy === "ccfTest" ? { checkStatus: "pending", verified: false } : {}),
    },
  });
  if (count === 0) throw notFound(`Device ${deviceId} of user ${guid}`);
  if (verifyCode !== undefined) await checkEmailCode(actor, device, verifyCode);
  if (verifyBy === "mailCheck") await sendEmailCheck(actor, device);
  if (verifyBy === "ccfTest") await runCcfTest(device);
  return getDevice(actor, guid, device.address);
}
