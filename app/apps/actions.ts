"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createApplication } from "@/lib/applications/create-application";
import { applicationSettingsSchema } from "@/lib/applications/schemas";
import { rotateConsumerSecret } from "@/lib/applications/secrets";
import { updateApplication } from "@/lib/applications/update-application";
import { developerActor } from "@/lib/tenancy/actor";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";

// Every action reads the developer from the session; the lib functions only touch that developer's data.

export async function createApplicationAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["name", "description", "notificationUrl", "domain"]);
  let internalId: string;
  try {
    ({ application: { internalId } } = await createApplication(developerActor(developer.id), {
      name: values.name!,
      description: values.description,
      notificationUrl: values.notificationUrl,
      domain: values.domain!,
    }));
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath("/apps");
  revalidatePath("/domains");
  // The detail page fetches the new secret for its "copy it now" box, then drops ?created from the URL.
  redirect(`/apps/${internalId}?created=1`);
}

export async function rotateSecretAction(appId: string): Promise<FormState<{ secret: string }>> {
  const developer = await requireDeveloper();
  try {
    const secret = await rotateConsumerSecret(developerActor(developer.id), appId);
    return { data: { secret }, notice: "The secret was rotated. The old secret no longer works." };
  } catch (error) {
    return errorState(error);
  }
}

export async function updateSettingsAction(appId: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["description", "notificationUrl"]);
  try {
    const changes = applicationSettingsSchema.parse({ description: values.description, notificationUrl: values.notificationUrl || null });
    await updateApplication(developerActor(developer.id), appId, changes);
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath(`/apps/${appId}`);
  return { notice: "Settings saved." };
}

export async function setSuspendedAction(appId: string, suspended: boolean): Promise<FormState> {
  const developer = await requireDeveloper();
  try {
    await updateApplication(developerActor(developer.id), appId, { suspended });
  } catch (error) {
    return errorState(error);
  }
  revalidatePath(`/apps/${appId}`);
  revalidatePath("/apps");
  return {};
}
