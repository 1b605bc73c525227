"use server";

import { revalidatePath } from "next/cache";
import { createDevice } from "@/lib/devices/create-device";
import { deleteDevice } from "@/lib/devices/delete-device";
import { createDeviceSchema, DEVICE_OPTIONS, updateDeviceSchema } from "@/lib/devices/schemas";
import { updateDevice } from "@/lib/devices/update-device";
import { mailDelivery } from "@/lib/mail/send-mail";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/tenancy/actor";
import { userPagePath } from "./user-path";

// A user's devices in the portal: the same services as POST/PUT/DELETE /devices/<guid>/...

const optional = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

async function actor() {
  return developerActor((await requireDeveloper()).id);
}

export async function addDeviceAction(domain: string, guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["id", "name", "label"]);
  try {
    const input = createDeviceSchema.parse({ id: values.id, name: optional(values.name), label: optional(values.label) });
    const device = await createDevice(await actor(), guid, input);
    revalidatePath(userPagePath(domain, guid));
    const mail = mailDelivery() === "mailbox" ? " Read it on the Mailbox page." : "";
    if (device.mailCheck === "pending") return { notice: `${device.id} was added and a verification email was sent.${mail}` };
    if (device.mailCheck === "failed") return { error: `${device.id} was added, but the verification email could not be sent. Try "Send a new email" later.` };
    return { notice: `${device.id} was added.` };
  } catch (error) {
    return errorState(error, values);
  }
}

export async function addPurposeNumberAction(domain: string, guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["country", "name"]);
  const kind = formData.get("sms") ? "sms" : "purpose";
  try {
    const input = createDeviceSchema.parse({ id: `@${kind}/${values.country}`, name: optional(values.name) });
    const device = await createDevice(await actor(), guid, input);
    revalidatePath(userPagePath(domain, guid));
    revalidatePath("/numbers");
    return { notice: `${device.id.replace("service:", "+")} is now this user's purpose number. The first month was charged to its billing account.` };
  } catch (error) {
    return errorState(error, values);
  }
}

export async function updateDeviceAction(domain: string, guid: string, deviceId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["name", "label"]);
  try {
    const options = Object.fromEntries(DEVICE_OPTIONS.map((o) => [o, formData.get(o) === "on"]));
    const input = updateDeviceSchema.parse({ name: optional(values.name) ?? null, label: optional(values.label) ?? null, ...options });
    await updateDevice(await actor(), guid, deviceId, input);
    revalidatePath(userPagePath(domain, guid));
    return { notice: "Saved." };
  } catch (error) {
    return errorState(error, values);
  }
}

export async function verifyCodeAction(domain: string, guid: string, deviceId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["verifyCode"]);
  try {
    await updateDevice(await actor(), guid, deviceId, updateDeviceSchema.parse({ verifyCode: values.verifyCode }));
    revalidatePath(userPagePath(domain, guid));
    return { notice: "Confirmed." };
  } catch (error) {
    return errorState(error, values);
  }
}

export async function resendCheckAction(domain: string, guid: string, deviceId: string): Promise<FormState> {
  try {
    await updateDevice(await actor(), guid, deviceId, { verifyBy: "mailCheck" });
    revalidatePath(userPagePath(domain, guid));
    return { notice: mailDelivery() === "mailbox" ? "A new email was sent: read it on the Mailbox page." : "A new email was sent." };
  } catch (error) {
    return errorState(error);
  }
}

export async function removeDeviceAction(domain: string, guid: string, deviceId: string): Promise<FormState> {
  try {
    await deleteDevice(await actor(), guid, deviceId);
  } catch (error) {
    return errorState(error);
  }
  revalidatePath(userPagePath(domain, guid));
  revalidatePath("/numbers");
  return { notice: `${deviceId} was removed.` };
}
