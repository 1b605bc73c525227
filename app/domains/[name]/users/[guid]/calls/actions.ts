"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { createCall } from "@/lib/calls/create-call";
import { createCallSchema } from "@/lib/calls/schemas";
import { updateCall } from "@/lib/calls/update-call";
import { ApiError } from "@/lib/core/errors/api-error";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { advanceClock } from "@/lib/simulator/advance-clock";
import { advanceClockSchema, inboundCallSchema } from "@/lib/simulator/contracts";
import { simulateInboundCall } from "@/lib/simulator/simulate-inbound-call";
import { developerActor } from "@/lib/core/tenancy/actor";
import { countOf } from "@/lib/core/text/count-of";
import { callPagePath, userPagePath } from "../user-path";

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

/** A call from any number to one of the user's purpose numbers: the developer's POST /simulator/inbound-call; opens the call's live view. */
export async function simulateInboundCallAction(domain: string, _guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["from", "to"]);
  let call: { id: number; user: string };
  try {
    call = await simulateInboundCall(await actor(), inboundCallSchema.parse(values));
  } catch (error) {
    return errorState(error, values);
  }
  redirect(callPagePath(domain, call.user, call.id));
}

/** Moves the simulator's clock of the user's domain forward: the developer's POST /simulator/clock. */
export async function advanceClockAction(domain: string, guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["advanceSeconds"]);
  const seconds = values.advanceSeconds!.trim();
  if (!/^\d+$/.test(seconds))
    return { fieldErrors: { advanceSeconds: ["must be a whole number of seconds"] }, values, error: "Check the fields marked below." };
  let fired: number;
  try {
    const { advanceSeconds } = advanceClockSchema.parse({ advanceSeconds: Number(seconds) });
    fired = (await advanceClock(await actor(), advanceSeconds, domain)).fired;
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath(`${userPagePath(domain, guid)}/calls`);
  return { notice: `The clock moved ${countOf(Number(seconds), "second")} forward; ${countOf(fired, "call event")} fired.` };
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
