// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { afterAll, describe, expect, it } from "vitest";
import { findOnPath, SPEECH_COMMAND, SPEECH_INSTALL_COMMAND } from "@/lib/audio/speech-synthesizer";
import { POCKETSPHINX_INSTALL_COMMAND } from "@/lib/transcription/local-provider";
import { client } from "@/e2e/support/api-client";
import { demo } from "@/e2e/support/fixtures";
import { waitFor } from "@/e2e/support/receiver";
import { INBOUND_RING_MS } from "@/lib/telephony/simulator-behaviour";
import { randomCaller, userWithPurposeNumber } from "@/e2e/support/voicemail";

// The transcription services beside the simulator, through the REST API: a voicemail left by the
// simulator's caller (flite's speech), transcribed by the service the user turned on.

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const appId = `${demo.domain}:${demo.appName}`;

const missing = [
  ...(findOnPath("pocketsphinx_continuous", process.env.PATH) ? [] : [`pocketsphinx_continuous (${POCKETSPHINX_INSTALL_COMMAND})`]),
  ...(findOnPath(SPEECH_COMMAND, process.env.PATH) ? [] : [`${SPEECH_COMMAND} (${SPEECH_INSTALL_COMMAND})`]),
];
if (missing.length) console.warn(`SKIPPED: the local transcription test needs Debian packages that are not installed: ${missing.join(", ")}`);

async function turnOnForVoicemail(guid: string, serviceId: string) {
  const services = await app("GET", `/services/${guid}`);
  expect(services.status, services.text).toBe(200);
  expect((services.body.entry as Array<{ id: string }>).map((s) => s.id)).toEqual(["simulator", "openai-compatible", "local"]);
  const turnedOn = await app("PUT", `/services/${guid}/${serviceId}`, { json: { voicemail: true } });
  expect(turnedOn.status, turnedOn.text).toBe(200);
  expect(turnedOn.body.entry).toMatchObject({ id: serviceId, voicemail: true });
}

/** As leaveVoicemail (e2e/support/voicemail.ts), waiting longer: speech synthesis takes seconds of CPU on a loaded machine. */
async function leaveVoicemail(user: { guid: string; number: string }) {
  const rang = await app("POST", "/simulator/inbound-call", { json: { from: randomCaller(), to: `tel:${user.number}` } });
  expect(rang.status, rang.text).toBe(201);
  const callId = String(rang.body.entry.id);
  const advanced = await app("POST", "/simulator/clock", { json: { advanceSeconds: INBOUND_RING_MS / 1000 + 1 } });
  expect(advanced.status, advanced.text).toBeLessThan(300);
  const message = await waitFor(
    async () => {
      const res = await app("GET", `/messages/${user.guid}/inbox?filterBy=type&filterValue=Voicemail`);
      return (res.body.entry as Array<Record<string, any>> | undefined)?.find((m) => m.callId === callId);
    },
    120_000,
    `the voicemail of call ${callId}`,
  );
  return { callId, message };
}

async function settledMessage(guid: string, id: string) {
  return waitFor(
    async () => {
      const res = await app("GET", `/messages/${guid}/inbox/${id}`);
      return ["transcribed", "notAvailable"].includes(res.body.entry?.transcriptionStatus) ? res.body.entry : undefined;
    },
    200_000, // pocketsphinx takes seconds of CPU: more on a loaded machine
    "the transcription's outcome",
  );
}

describe("transcription services through the REST API", { timeout: 300_000 }, () => {
  it.skipIf(missing.length > 0)(
    "local (pocketsphinx): the simulator's voicemail becomes a transcript with its words, and TranscriptionReady carries it",
    async () => {
      const user = await userWithPurposeNumber(baseUrl);
      await turnOnForVoicemail(user.guid, "local");
      const { callId, message } = await leaveVoicemail(user);
      const settled = await settledMessage(user.guid, message.id);
      expect(settled).toMatchObject({ transcriptionStatus: "transcribed" });
      expect(settled.transcript).toMatch(/call me back/);
      const event = await waitFor(
        async () => {
          const res = await app("GET", `/apps/${appId}/events?filterBy=type&filterValue=TranscriptionReady&count=100`);
          return (res.body.entry as Array<{ payload: { params: Record<string, unknown> } }>).find((e) => e.payload.params.callId === callId);
        },
        20_000,
        "TranscriptionReady",
      );
      expect(event.payload.params).toMatchObject({
        guid: user.guid,
        id: message.id,
        serviceId: "local",
        text: settled.transcript,
        transcript: `/media/${demo.domain}/call:${callId}/${callId}.mp3.local.txt`,
      });
    },
  );

  it("a provider that fails (openai-compatible without a server configured) leaves notAvailable with the reason, after its retries", async () => {
    const user = await userWithPurposeNumber(baseUrl);
    await turnOnForVoicemail(user.guid, "openai-compatible");
    const { message } = await leaveVoicemail(user);
    const settled = await settledMessage(user.guid, message.id);
    expect(settled).toMatchObject({
      transcriptionStatus: "notAvailable",
      transcriptionDetail: "openai-compatible: TRANSCRIPTION_OPENAI_URL is not set",
    });
    expect(settled.transcript).toBeUndefined();
  });

  it("with several services on for voicemail, the first in the list's order transcribes it, once (docs/messages.md)", async () => {
    const user = await userWithPurposeNumber(baseUrl);
    await turnOnForVoicemail(user.guid, "local");
    await turnOnForVoicemail(user.guid, "openai-compatible");
    const { callId, message } = await leaveVoicemail(user);
    const settled = await settledMessage(user.guid, message.id);
    // openai-compatible comes before local: it is the one asked (and fails here, unconfigured); local is not tried after it.
    expect(settled).toMatchObject({
      transcriptionStatus: "notAvailable",
      transcriptionDetail: "openai-compatible: TRANSCRIPTION_OPENAI_URL is not set",
    });
    const events = await app("GET", `/apps/${appId}/events?filterBy=type&filterValue=TranscriptionReady&count=100`);
    expect((events.body.entry as Array<{ payload: { params: Record<string, unknown> } }>).filter((e) => e.payload.params.callId === callId)).toEqual(
      [],
    );
  });
});
