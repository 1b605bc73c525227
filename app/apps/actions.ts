"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createApplication } from "@/lib/applications/create-application";
import { deleteApplication } from "@/lib/applications/delete-application";
import { applicationSettingsSchema } from "@/lib/applications/schemas";
import { rotateConsumerSecret } from "@/lib/applications/secrets";
import { updateApplication } from "@/lib/applications/update-application";
import { ApiError } from "@/lib/core/errors/api-error";
import { prefixLines } from "@/lib/http/oauth/callback-prefixes";
import { developerActor } from "@/lib/core/tenancy/actor";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { slugify } from "@/lib/portal/slug";

// Every action reads the developer from the session; the lib functions only touch that developer's data.

export async function createApplicationAction(_prev: FormState, formData: FormData): Promise<FormState> {
  const developer = await requireDeveloper();
  const values = formValues(formData, ["displayName", "name", "description", "notificationUrl", "domain"]);
  const displayName = values.displayName!.trim();
  // The id part defaults to the display name as a slug ("My Test App" -> "my-test-app").
  const name = values.name!.trim() || slugify(displayName);
  if (!displayName && !name) return { fieldErrors: { displayName: ["is required"] }, values, error: "Check the fields marked below." };
  // An empty Domain is refused (by the schema, with every other field's message), never turned
  // into a new domain nobody asked for (issue 26).
  const domain = values.domain!.trim();
  let internalId: string;
  try {
    ({
      application: { internalId },
    } = await createApplication(developerActor(developer.id), {
      name,
      displayName: displayName || undefined,
      description: values.description,
      notificationUrl: values.notificationUrl,
      domain,
    }));
  } catch (error) {
    const state = errorState(error, values);
    if (domain || !state.fieldErrors) return state;
    const suggestion = slugify(name);
    const required = `is required: choose one of your domains, or type a name for a new one${suggestion ? ` (such as ${suggestion})` : ""}.`;
    return { ...state, fieldErrors: { ...state.fieldErrors, domain: [required] } };
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
  const values = formValues(formData, [
    "displayName",
    "description",
    "notificationUrl",
    "allow2legged",
    "requireSignedBodies",
    "eventNames",
    "allowJsonTunnel",
    "legacyOAuth10",
    "serviceProvider",
    "testTool",
    "callbackUrlPrefixes",
    "defaultBillingAccountId",
  ]);
  try {
    const changes = applicationSettingsSchema.parse({
      displayName: values.displayName,
      description: values.description,
      notificationUrl: values.notificationUrl?.trim() || null,
      allow2legged: values.allow2legged === "on",
      requireSignedBodies: values.requireSignedBodies === "on",
      eventNames: values.eventNames,
      defaultBillingAccountId: values.defaultBillingAccountId || null,
      allowJsonTunnel: values.allowJsonTunnel === "on",
      legacyOAuth10: values.legacyOAuth10 === "on",
      serviceProvider: values.serviceProvider === "on",
      testTool: values.testTool === "on",
      callbackUrlPrefixes: prefixLines(values.callbackUrlPrefixes ?? ""),
    });
    await updateApplication(developerActor(developer.id), appId, changes);
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath(`/apps/${appId}`);
  revalidatePath("/apps");
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

/** Deletes the application; while users are signed in to it, says how many and waits for `force`. */
export async function deleteApplicationAction(appId: string, force: boolean): Promise<FormState<{ sessions: number }>> {
  const developer = await requireDeveloper();
  try {
    await deleteApplication(developerActor(developer.id), appId, { force });
  } catch (error) {
    const sessions = error instanceof ApiError ? error.options.extra?.sessions : undefined;
    if (typeof sessions === "number") return { data: { sessions } };
    return errorState(error);
  }
  revalidatePath("/apps");
  revalidatePath("/domains");
  redirect("/apps?deleted=1");
}
