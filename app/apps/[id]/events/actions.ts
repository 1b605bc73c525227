"use server";

import { revalidatePath } from "next/cache";
import { rotateWebhookSecret } from "@/lib/applications/webhook-secret";
import { developerActor } from "@/lib/core/tenancy/actor";
import { replayEvent, sendTestEvent } from "@/lib/events/events";
import { getApplicationWebhook } from "@/lib/events/webhook-status";
import { errorState, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";

// Every action reads the developer from the session; the lib functions only touch that developer's
// applications. The pages poll their data with SWR and revalidate it after these return.

export async function sendTestEventAction(appId: string): Promise<FormState<{ id: string }>> {
  const developer = await requireDeveloper();
  try {
    const event = await sendTestEvent(developerActor(developer.id), appId);
    const webhook = await getApplicationWebhook(developerActor(developer.id), appId);
    const notice = !webhook.notificationUrl
      ? webhook.watched
        ? "Test event sent to the built-in receiver (Watch events)."
        : "Test event recorded. It was not sent: the application has no notification URL."
      : webhook.disabledAt
        ? "Test event recorded. It was not sent: deliveries are stopped until the notification URL changes."
        : "Test event sent.";
    return { data: { id: event.id }, notice };
  } catch (error) {
    return errorState(error);
  }
}

export async function replayEventAction(appId: string, eventId: string): Promise<FormState> {
  const developer = await requireDeveloper();
  try {
    await replayEvent(developerActor(developer.id), appId, eventId);
    return { notice: "Replay started: the event is sent again with the same id." };
  } catch (error) {
    return errorState(error);
  }
}

export async function rotateWebhookSecretAction(appId: string): Promise<FormState<{ secret: string }>> {
  const developer = await requireDeveloper();
  try {
    const secret = await rotateWebhookSecret(developerActor(developer.id), appId);
    revalidatePath(`/apps/${appId}/events`);
    return { data: { secret }, notice: "The signing secret was rotated." };
  } catch (error) {
    return errorState(error);
  }
}
