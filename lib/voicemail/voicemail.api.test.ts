// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { afterAll, describe, expect, it } from "vitest";
import { decodeMp3 } from "@/lib/audio/decode-mp3";
import { client, createLoggedInUser, otherApp } from "@/e2e/support/api-client";
import { demo, otherTenant, specialApps } from "@/e2e/support/fixtures";
import { signedFetch } from "@/e2e/support/media-client";
import { waitFor } from "@/e2e/support/receiver";
import { downloadAudio, leaveVoicemail, userWithPurposeNumber } from "@/e2e/support/voicemail";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);
const appId = `${demo.domain}:${demo.appName}`;
// duration is whole seconds; the decoded audio adds the encoder's padding (under 0.1 s).
const DURATION_SLACK = 0.6;

const audioPath = (callId: string) => `/media/${demo.domain}/call:${callId}/${callId}.mp3`;

/** The events of the demo application of one type that name the call. */
async function eventsFor(type: string, callId: string) {
  const res = await app("GET", `/apps/${appId}/events?filterBy=type&filterValue=${type}&count=100`);
  expect(res.status, res.text).toBe(200);
  return (res.body.entry as Array<{ payload: { resource: string; params: Record<string, unknown> } }>).filter(
    (e) => e.payload.params.callId === callId,
  );
}

describe("voicemail: an unanswered inbound call", () => {
  it("leaves a Voicemail message whose MP3 downloads, decodes and lasts as long as it says", async () => {
    const user = await userWithPurposeNumber(baseUrl);
    const { callId, from, message } = await leaveVoicemail(baseUrl, user);
    expect(message).toMatchObject({
      type: "Voicemail",
      folder: "inbox",
      from,
      dest: `service:${user.number}`,
      mediaItems: [audioPath(callId)],
      mediaUri: audioPath(callId),
    });
    expect(Date.parse(message.startTime)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(message.duration).toBeGreaterThan(5);

    const audio = await downloadAudio(baseUrl, user.creds, audioPath(callId));
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const decoded = await decodeMp3(audio.bytes);
    expect(Math.abs(decoded.duration - message.duration)).toBeLessThan(DURATION_SLACK);
    expect(decoded.peak).toBeGreaterThan(0.05); // speech, not silence

    // The file entry carries the voicemail's dest and startTime (spec Media).
    const details = await signedFetch(baseUrl, user.creds, "GET", audioPath(callId));
    expect(await details.json()).toMatchObject({
      entry: { name: `${callId}.mp3`, size: audio.bytes.length, contentType: "audio/mpeg", dest: `service:${user.number}` },
    });

    const [event] = await eventsFor("NewVoicemail", callId);
    expect(event?.payload.params).toMatchObject({ guid: user.guid, id: message.id, type: "Voicemail", from, dest: `service:${user.number}` });
    expect(event?.payload.resource).toBe(`${baseUrl}/rest/1.0/messages/${user.guid}/inbox/${message.id}`);
  });

  it("lets only the message's owner read the audio: its application two-legged gets 401, anyone else 404", async () => {
    const owner = await userWithPurposeNumber(baseUrl);
    const { callId } = await leaveVoicemail(baseUrl, owner);
    const neighbour = await createLoggedInUser(baseUrl);

    expect((await downloadAudio(baseUrl, owner.creds, audioPath(callId))).status).toBe(200);
    // The spec: only the owner of the voicemail message may download it. Two-legged, the application
    // is nobody's user: 401 saying how to act as the user; the same for the folder, link and ACL.
    const demoTwoLegged = { consumerKey: demo.consumerKey, consumerSecret: demo.consumerSecret };
    for (const path of [audioPath(callId), `/media/${demo.domain}/call:${callId}`, `${audioPath(callId)}/link`, `${audioPath(callId)}/acl`]) {
      const res = await signedFetch(baseUrl, demoTwoLegged, "GET", path, { headers: { Accept: "audio/mpeg" } });
      expect(res.status, `${path} two-legged`).toBe(401);
      expect(res.headers.get("www-authenticate"), path).toMatch(
        /^OAuth realm="[^"]+\/rest\/1\.0", oauth_problem="parameter_absent", oauth_parameters_absent="oauth_token"$/,
      );
      const problem = await res.json();
      expect(problem, path).toMatchObject({ status: 401, code: "unauthorized" });
      expect(problem.detail, path).toContain("X-BT-Ribbit-SP-UserId");
    }
    // Two-legged listings leave the user's call folders out.
    const listed = await app("GET", `/media/${demo.domain}?count=100&filterBy=id&filterValue=call:${callId}`);
    expect(listed.body.entry).toEqual([]);
    for (const path of [audioPath(callId), `/media/${demo.domain}/call:${callId}`, `${audioPath(callId)}/link`, `${audioPath(callId)}/acl`]) {
      const res = await signedFetch(baseUrl, neighbour.creds, "GET", path, { headers: { Accept: "audio/mpeg" } });
      expect(res.status, `${path} as another user of the domain`).toBe(404);
    }
    expect((await other("GET", `/media/${demo.domain}/call:${callId}/${callId}.mp3`)).status).toBe(404);
    // Nobody writes it, the owner included.
    const overwrite = await signedFetch(baseUrl, owner.creds, "POST", audioPath(callId), {
      body: new Uint8Array([1, 2, 3]),
      headers: { "Content-Type": "application/octet-stream" },
    });
    expect(overwrite.status).toBe(403);
    expect((await signedFetch(baseUrl, owner.creds, "DELETE", audioPath(callId))).status).toBe(403);

    // The owner's signed URL plays without OAuth.
    const link = await signedFetch(baseUrl, owner.creds, "GET", `${audioPath(callId)}/link`);
    expect(link.status).toBe(200);
    const { entry } = await link.json();
    const played = await fetch(entry.url, { headers: { Range: "bytes=0-3" } });
    expect(played.status).toBe(206);
    expect(Buffer.from(await played.arrayBuffer()).readUInt16BE(0) & 0xffe0).toBe(0xffe0);
  });

  it("lets an application read a user's voicemail by acting as that user (service provider, X-BT-Ribbit-SP-UserId or X-Service-SP-UserId)", async () => {
    const owner = await userWithPurposeNumber(baseUrl, otherApp);
    const { callId } = await leaveVoicemail(baseUrl, owner, undefined, otherApp, specialApps.testTool);
    const path = `/media/${otherTenant.domain}/call:${callId}/${callId}.mp3`;
    // legacy-app, of the same domain, is a service provider.
    const serviceProvider = { consumerKey: specialApps.legacy.consumerKey, consumerSecret: specialApps.legacy.consumerSecret };
    for (const header of ["X-BT-Ribbit-SP-UserId", "X-Service-SP-UserId"]) {
      const res = await signedFetch(baseUrl, serviceProvider, "GET", path, { headers: { Accept: "audio/mpeg", [header]: owner.guid } });
      expect(res.status, header).toBe(200);
      expect(res.headers.get("content-type")).toBe("audio/mpeg");
      expect((await decodeMp3(new Uint8Array(await res.arrayBuffer()))).duration).toBeGreaterThan(1);
    }
    expect((await signedFetch(baseUrl, serviceProvider, "GET", path, { headers: { Accept: "audio/mpeg" } })).status).toBe(401);
    // Acting as another user of the domain is not acting as the owner.
    const neighbour = await createLoggedInUser(baseUrl, otherApp);
    expect(
      (await signedFetch(baseUrl, serviceProvider, "GET", path, { headers: { Accept: "audio/mpeg", "X-BT-Ribbit-SP-UserId": neighbour.guid } }))
        .status,
    ).toBe(404);
  });

  it("with transcription off: no transcript and no TranscriptionReady", async () => {
    const user = await userWithPurposeNumber(baseUrl);
    const { callId, message } = await leaveVoicemail(baseUrl, user);
    const folder = await signedFetch(baseUrl, user.creds, "GET", `/media/${demo.domain}/call:${callId}`);
    expect((await folder.json()).entry.files.map((f: { name: string }) => f.name)).toEqual([`${callId}.mp3`]);
    expect(message.transcriptionStatus ?? "notAvailable").toBe("notAvailable");
    expect(await eventsFor("TranscriptionReady", callId)).toEqual([]);
  });

  it("with transcription on for voicemail: the transcript beside the audio and TranscriptionReady", async () => {
    const user = await userWithPurposeNumber(baseUrl);
    const services = await app("GET", `/services/${user.guid}`);
    expect(services.status, services.text).toBe(200);
    const service = (services.body.entry as Array<{ id: string; type: string }>).find((s) => s.type === "Transcription")!;
    const turnedOn = await app("PUT", `/services/${user.guid}/${encodeURIComponent(service.id)}`, { json: { voicemail: true } });
    expect(turnedOn.status, turnedOn.text).toBe(200);

    const { callId, message } = await leaveVoicemail(baseUrl, user);
    const transcriptName = `${callId}.mp3.${service.id}.txt`;
    const transcript = await waitFor(
      async () => {
        const res = await signedFetch(baseUrl, user.creds, "GET", `/media/${demo.domain}/call:${callId}/${encodeURIComponent(transcriptName)}`, {
          headers: { "Accept-Type": "application/octet-stream" },
        });
        return res.status === 200 ? res.text() : undefined;
      },
      15_000,
      "the transcript",
    );
    const read = await app("GET", `/messages/${user.guid}/inbox/${message.id}`);
    expect(read.body.entry).toMatchObject({ transcriptionStatus: "transcribed", transcript });
    expect(transcript).toMatch(/^Simulated transcript/); // the simulator provider's documented text
    expect(await waitFor(async () => (await eventsFor("TranscriptionReady", callId))[0], 15_000, "TranscriptionReady")).toBeDefined();
  });
});
