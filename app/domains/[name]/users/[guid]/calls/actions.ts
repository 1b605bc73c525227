"use server";

import { redirect } from "next/navigation";
import { createCall } from "@/lib/calls/create-call";
import { createCallSchema } from "@/lib/calls/schemas";
import { updateCall } from "@/lib/calls/update-call";
import { ApiError } from "@/lib/errors/api-error";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/tenancy/actor";
import { callPagePath } from "../user-path";

// A user's calls in the portal: the same services as POST and PUT /calls/<guid>/...

async function actor() {
  return developerActor((await requireDeveloper()).id);
}

/** Places a call on the simulator between two addresses and opens its live view (also when it did not connect: the view says why). */
export async function placeTestCallAction(domain: string, guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["from", "to"]);
  let callId: number;
  try {
    const input = createCallSchema.parse({ legs: [values.from, values.to] });
    callId = (await createCall(await actor(), guid, input)).id;
  } catch (error) {
    const placed = error instanceof ApiError ? error.options.extra?.callId : undefined;
    if (typeof placed !== "number") return errorState(error, values);
    callId = placed;
  }
  redirect(callPagePath(domain, guid, callId));
}

/** Hangs the whole call up (PUT {active: false}). */
export async function hangUpCallAction(guid: string, callId: number): Promise<{ error?: string }> {
  try {
    await updateCall(await actor(), guid, String(callId), { active: false });
    return {};
  } catch (error) {
    if (error instanceof ApiError) return { error: error.message };
    throw error;
  }
}
