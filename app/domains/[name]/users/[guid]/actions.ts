"use server";

import { revalidatePath } from "next/cache";
import { createDevice } from "@/lib/devices/create-device";
import { deleteDevice } from "@/lib/devices/delete-device";
import { createDeviceSchema, DEVICE_OPTIONS, updateDeviceSchema } from "@/lib/devices/schemas";
import { updateDevice } from "@/lib/devices/update-device";
import { mailDelivery } from "@/lib/mail/send-mail";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";
import { updateUser } from "@/lib/users/update-user";
import { updateServiceSchema } from "@/lib/services/schemas";
import { updateService } from "@/lib/services/update-service";
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
    if (device.mailCheck === "failed")
      return { error: `${device.id} was added, but the verification email could not be sent. Try "Send a new email" later.` };
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

/** "Check call forwarding" on a phone device: PUT {"verifyBy": "ccfTest"}, the simulator's forwarding test call. */
export async function checkForwardingAction(domain: string, guid: string, deviceId: string): Promise<FormState> {
  try {
    const device = await updateDevice(await actor(), guid, deviceId, { verifyBy: "ccfTest" });
    revalidatePath(userPagePath(domain, guid));
    return device.ccfCheck === "passed"
      ? { notice: "Call forwarding works: the test call came back, and the phone is verified." }
      : { error: "The test call did not come back: call forwarding is not set on this phone." };
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

/** The user page's "Billing account": the same updateUser as PUT /users/<guid> {accountId}. */
export async function setUserAccountAction(domain: string, guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const accountId = String(formData.get("accountId") ?? "") || null;
  try {
    const user = await updateUser(await actor(), guid, { accountId });
    revalidatePath(userPagePath(domain, guid));
    revalidatePath("/billing");
    return {
      notice: user.accountId
        ? "Saved: this user's numbers, calls and messages are now paid from the chosen account."
        : "Saved: this user has no billing account now.",
    };
  } catch (error) {
    return errorState(error);
  }
}

/** The user page's "Transcription": the same updateService as PUT /services/<guid>/<service> {voicemail, folders}. */
export async function updateServiceAction(domain: string, guid: string, serviceId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["folders"]);
  const folders = values
    .folders!.split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  try {
    const service = await updateService(
      await actor(),
      guid,
      serviceId,
      updateServiceSchema.parse({ voicemail: formData.get("voicemail") === "on", folders }),
    );
    revalidatePath(userPagePath(domain, guid));
    const what = [
      service.voicemail ? "every new voicemail" : "",
      service.folders.length ? `audio messages in ${service.folders.join(", ")}` : "",
    ].filter(Boolean);
    return {
      notice: what.length ? `Saved: ${service.name} transcribes ${what.join(" and ")}.` : `Saved: ${service.name} transcribes nothing for this user.`,
    };
  } catch (error) {
    return errorState(error, values);
  }
}
