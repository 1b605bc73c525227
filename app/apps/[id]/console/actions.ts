"use server";

import { sendConsoleRequest, type ConsoleInput, type ConsoleResult } from "@/lib/portal/api-console";
import { errorState } from "@/lib/portal/form-state";
import { requireDeveloper } from "@/lib/portal/session";

/** What the console form shows after a send: the exchange, or why there was none. */
export type ConsoleState = ConsoleResult | { ok?: undefined };

// The developer comes from the session, never from the form; the lib signs only for that developer's applications.
export async function sendConsoleRequestAction(appId: string, _prev: ConsoleState, input: ConsoleInput): Promise<ConsoleState> {
  const developer = await requireDeveloper();
  try {
    return await sendConsoleRequest(developer.id, appId, input);
  } catch (error) {
    // An ApiError (e.g. the application is not found) becomes a message; anything else goes to the error page.
    const state = errorState(error);
    return { ok: false, error: { title: "The request was not sent", message: state.error ?? "Something went wrong." } };
  }
}
