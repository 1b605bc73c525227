import { randomInt } from "node:crypto";
import { expect } from "vitest";
import { INBOUND_RING_MS } from "@/lib/telephony/simulator-behaviour";
import { call, createLoggedInUser, demoApp, type Credentials } from "./api-client";
import { signedFetch } from "./media-client";
import { waitFor } from "./receiver";

// Voicemail through the product's own operations: a user with a purpose number, an inbound call
// from the simulator that nobody answers, and the message it leaves.

/** A caller's number no other test uses (the simulator's 555 range). */
export const randomCaller = () => `tel:1202555${String(randomInt(1000, 9999))}`;

/** A new user of the application's domain (logged in) holding a purpose number (AUS: other files count the free USA, CAN and GBR ones). */
export async function userWithPurposeNumber(baseUrl: string, app: Credentials = demoApp) {
  const user = await createLoggedInUser(baseUrl, app);
  const res = await call(baseUrl, app, "POST", `/devices/${user.guid}`, { json: { id: "@purpose/AUS" } });
  expect(res.status, res.text).toBe(201);
  return { ...user, number: (res.body.entry.id as string).slice("service:".length) };
}

/**
 * Rings the user's purpose number from `from`, lets it go unanswered, and waits for the voicemail message.
 * `clock` moves the simulator's clock: an application of the user's domain marked as a test tool (docs/calls.md).
 */
export async function leaveVoicemail(
  baseUrl: string,
  user: { guid: string; number: string },
  from = randomCaller(),
  app: Credentials = demoApp,
  clock: Credentials = app,
) {
  const rang = await call(baseUrl, app, "POST", "/simulator/inbound-call", { json: { from, to: `tel:${user.number}` } });
  expect(rang.status, rang.text).toBe(201);
  const callId = String(rang.body.entry.id); // calls have integer ids; messages name them as text
  // Just past the ring time, so the simulated calls of other tests move as little as possible.
  const advanced = await call(baseUrl, clock, "POST", "/simulator/clock", { json: { advanceSeconds: INBOUND_RING_MS / 1000 + 1 } });
  expect(advanced.status, advanced.text).toBeLessThan(300);
  const message = await waitFor(
    async () => {
      const res = await call(baseUrl, app, "GET", `/messages/${user.guid}/inbox?filterBy=type&filterValue=Voicemail`);
      return (res.body.entry as Array<Record<string, any>> | undefined)?.find((m) => m.callId === callId);
    },
    20_000,
    `the voicemail of call ${callId}`,
  );
  return { callId, from, message };
}

/** The audio's bytes as a player asks for them (Accept: audio/mpeg). */
export async function downloadAudio(baseUrl: string, creds: Credentials, path: string) {
  const res = await signedFetch(baseUrl, creds, "GET", path, { headers: { Accept: "audio/mpeg" } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
