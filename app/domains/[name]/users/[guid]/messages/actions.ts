"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { deleteMessage } from "@/lib/messages/delete-message";
import { inboundSmsSchema, sendSmsSchema, updateMessageSchema } from "@/lib/messages/schemas";
import { receiveSms } from "@/lib/simulator/receive-sms";
import { sendSms } from "@/lib/messages/send-sms";
import { updateMessage } from "@/lib/messages/update-message";
import { errorState, formValues, type FormState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";
import { developerActor } from "@/lib/core/tenancy/actor";
import { messagesPagePath } from "./messages-path";

// A user's messages in the portal: the same services as POST/PUT/DELETE /messages/<guid>/...

async function actor() {
  return developerActor((await requireDeveloper()).id);
}

export async function sendSmsAction(domain: string, guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["sender", "to", "body"]);
  try {
    const input = sendSmsSchema.parse({ sender: values.sender, recipients: values.to ? [values.to] : [], body: values.body });
    const sent = await sendSms(await actor(), guid, input);
    revalidatePath(messagesPagePath(domain, guid));
    const status = sent.recipients?.[0]?.status;
    return {
      notice:
        status === "FAILED" ? `The SMS to ${values.to} was refused: ${sent.recipients?.[0]?.detail ?? "no reason given"}.` : `Sent to ${values.to}.`,
    };
  } catch (error) {
    const state = errorState(error, values);
    return state.fieldErrors ? { ...state, fieldErrors: renamed(state.fieldErrors) } : state;
  }
}

/** An SMS from any number to one of the user's SMS numbers: the developer's POST /simulator/inbound-sms; opens the message. */
export async function simulateInboundSmsAction(domain: string, guid: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["from", "to", "body"]);
  let received: { id: string; folder: string };
  try {
    received = await receiveSms(await actor(), inboundSmsSchema.parse(values));
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath(messagesPagePath(domain, guid));
  redirect(messagesPagePath(domain, guid, received.folder, received.id));
}

/** The form names the recipient "to"; the schema calls it recipients. */
const renamed = (errors: Record<string, string[]>) => Object.fromEntries(Object.entries(errors).map(([k, v]) => [k === "recipients" ? "to" : k, v]));

export async function markAction(
  domain: string,
  guid: string,
  folder: string,
  id: string,
  change: { new?: boolean; urgent?: boolean },
): Promise<FormState> {
  try {
    await updateMessage(await actor(), guid, folder, id, updateMessageSchema.parse(change));
  } catch (error) {
    return errorState(error);
  }
  revalidatePath(messagesPagePath(domain, guid));
  return { notice: "Saved." };
}

export async function moveAction(domain: string, guid: string, folder: string, id: string, _prev: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ["folder"]);
  let moved;
  try {
    moved = await updateMessage(await actor(), guid, folder, id, updateMessageSchema.parse({ folder: values.folder?.trim() }));
  } catch (error) {
    return errorState(error, values);
  }
  revalidatePath(messagesPagePath(domain, guid));
  // The message now answers at its new folder: follow it there.
  redirect(messagesPagePath(domain, guid, moved.folder, moved.id));
}

export async function deleteAction(domain: string, guid: string, folder: string, id: string): Promise<FormState> {
  try {
    await deleteMessage(await actor(), guid, folder, id);
  } catch (error) {
    return errorState(error);
  }
  revalidatePath(messagesPagePath(domain, guid));
  redirect(messagesPagePath(domain, guid, folder));
}
