import fs from "node:fs";
import path from "node:path";
import { mp3ToPcm8k, wavToPcm8k } from "@/lib/audio/pcm-8k";
import { toneWav } from "@/lib/audio/wav-tone";
import { BaresipPhone } from "@/lib/telephony/testing/baresip-phone";
import { bringUpNamespaceNetwork, reportScenario } from "@/lib/telephony/testing/network-namespace";
import { client, createLoggedInUser, demoApp } from "./api-client";
import { demo } from "./fixtures";
import { signedFetch, uploadBytes } from "./media-client";
import { startServer, type TestServer } from "./server";

// Runs inside a network namespace of its own (started by e2e/api/calls-sip-media.test.ts): the
// product with TELEPHONY_ENGINE=sip and two baresip phones (alice's tone 440 Hz, bob's 660 Hz). A
// connected call is recorded, alice's RFC 4733 digits are collected, a media file (a 1000 Hz WAV)
// is played to bob's leg; then the recording is stopped and downloaded. Prints one JSON line.

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: sip-media-scenario.ts <empty folder>");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const APP_ID = `${demo.domain}:${demo.appName}`;

/** The power of one frequency in PCM (Goertzel), per sample, relative to the signal's own power: near 0.5 for a pure tone of it. */
function shareAt(pcm: Int16Array, hz: number): number {
  const k = 2 * Math.cos((2 * Math.PI * hz) / 8000);
  let [s1, s2, energy] = [0, 0, 0];
  for (const sample of pcm) {
    const s0 = sample + k * s1 - s2;
    s2 = s1;
    s1 = s0;
    energy += sample * sample;
  }
  const power = s1 * s1 + s2 * s2 - k * s1 * s2;
  return energy === 0 ? 0 : Math.round((power / (pcm.length * energy)) * 1000) / 1000;
}

/** For each second of audio: the frequency of 440, 660 and 1000 Hz that dominates it (0: none, silence). */
function dominantPerSecond(pcm: Int16Array): number[] {
  const out: number[] = [];
  for (let start = 0; start + 8000 <= pcm.length; start += 8000) {
    const second = pcm.subarray(start, start + 8000);
    const shares = [440, 660, 1000].map((hz) => [hz, shareAt(second, hz)] as const);
    const [hz, share] = shares.reduce((best, next) => (next[1] > best[1] ? next : best));
    out.push(share > 0.1 ? hz : 0);
  }
  return out;
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const alice = new BaresipPhone(path.join(dir!, "a"), 5180, [{ user: "alice", answer: "auto" }], 440);
  const bob = new BaresipPhone(path.join(dir!, "b"), 5190, [{ user: "bob", answer: "auto" }], 660);
  let server: TestServer | undefined;
  try {
    for (const phone of [alice, bob]) await phone.start();
    server = await startServer({
      log: process.env.SIP_SCENARIO_LOG,
      env: { TELEPHONY_ENGINE: "sip", SIP_BIND_HOST: "127.0.0.1", SIP_BIND_PORT: "5070", SIP_RING_SECONDS: "5" },
    });
    const app = client(server.baseUrl);
    const user = await createLoggedInUser(server.baseUrl);
    // The prompt: 2 s of 1000 Hz, a file of the domain's media.
    const folder = `prompts-${Date.now()}`;
    await app("POST", `/media/${demo.domain}`, { json: { id: folder } });
    await app("POST", `/media/${demo.domain}/${folder}`, { json: { id: "tone.wav" } });
    const uploaded = await uploadBytes(server.baseUrl, demoApp, `/media/${demo.domain}/${folder}/tone.wav`, toneWav(2, 1000));
    if (uploaded.status !== 201) throw new Error(`uploading the prompt: ${uploaded.status} ${await uploaded.text()}`);

    const placed = await app("POST", `/calls/${user.guid}`, { json: { legs: [alice.address("alice"), bob.address("bob")] } });
    if (placed.status !== 201) throw new Error(`placing the call: ${placed.status} ${placed.text}`);
    const { id, legs } = placed.body.entry as { id: number; legs: { id: number }[] };
    const [aliceLeg, bobLeg] = legs.map((leg) => leg.id);
    await sleep(1000);
    const recording = await app("PUT", `/calls/${user.guid}/${id}`, { json: { record: {} } });
    const digitsAsked = await app("PUT", `/calls/${user.guid}/${id}/${aliceLeg}`, { json: { requestDtmf: { maxDigits: 2, timeOut: 10 } } });
    await sleep(1500);
    const anchoredBeforeDigits = alice.log.split("got re-INVITE (SDP Offer)").length - 1;
    await alice.command("sndcode", "4");
    await sleep(300);
    await alice.command("sndcode", "#");
    await sleep(500);
    const played = await app("PUT", `/calls/${user.guid}/${id}/${bobLeg}`, {
      json: { play: { media: [{ type: "file", value: `/media/${demo.domain}/${folder}/tone.wav` }], transactionId: "prompt-1" } },
    });
    await sleep(3500);
    const stopped = await app("PUT", `/calls/${user.guid}/${id}`, { json: { recording: false } });
    await sleep(1000);
    const hungUp = await app("PUT", `/calls/${user.guid}/${id}`, { json: { active: false } });
    for (let i = 0; i < 25 && [alice, bob].some((phone) => phone.callsEnded() < 1); i++) await sleep(200);

    let events: Array<{ type: string; params: Record<string, unknown> }> = [];
    for (let i = 0; i < 40 && !events.some((e) => e.type === "RecordComplete"); i++) {
      await sleep(250);
      const res = await app("GET", `/apps/${APP_ID}/events?count=100`);
      events = (res.body.entry as Array<{ payload: { type: string; params: Record<string, unknown> } }>)
        .map((e) => e.payload)
        .filter((p) => p.params.callid === id)
        .reverse();
    }
    const recorded = events.find((e) => e.type === "RecordComplete")?.params;
    const file = typeof recorded?.file === "string" ? recorded.file : "";
    const download = file ? await signedFetch(server.baseUrl, user.creds, "GET", file, { headers: { Accept: "audio/mpeg" } }) : undefined;
    const mp3 = download?.status === 200 ? new Uint8Array(await download.arrayBuffer()) : undefined;
    const recordedPcm = mp3 ? await mp3ToPcm8k(mp3) : new Int16Array(0);
    const heardByBob = bob.heardWavs().map((wav) => dominantPerSecond(wavToPcm8k(fs.readFileSync(wav))));
    const heardByAlice = alice.heardWavs().map((wav) => dominantPerSecond(wavToPcm8k(fs.readFileSync(wav))));
    return {
      controls: [recording.status, digitsAsked.status, played.status, stopped.status, hungUp.status],
      anchoredBeforeDigits,
      dtmf: events
        .filter((e) => e.type === "DtmfReceived")
        .map((e) => ({ digits: e.params.digits, timedOut: e.params.timedOut, leg: e.params.leg === aliceLeg })),
      played: events
        .filter((e) => e.type === "PlayAnnouncementComplete")
        .map((e) => ({ transactionId: e.params.transactionId, leg: e.params.leg === bobLeg, interrupted: e.params.interrupted })),
      recordComplete: recorded && { status: recorded.status, duration: recorded.duration, file: file.replace(/^.*\/media\//, "/media/") },
      download: download && { status: download.status, type: download.headers.get("content-type") },
      recordedSeconds: Math.round((recordedPcm.length / 8000) * 10) / 10,
      // Both phones in the recording: the mix holds 440 and 660 Hz (what the phones said; the prompt is not recorded).
      recordedShares: {
        440: shareAt(recordedPcm, 440),
        660: shareAt(recordedPcm, 660),
        1000: shareAt(recordedPcm, 1000),
        1500: shareAt(recordedPcm, 1500),
      },
      heardByBob,
      heardByAlice,
      phonesEnded: [alice.callsEnded(), bob.callsEnded()],
    };
  } finally {
    for (const phone of [alice, bob]) await phone.stop();
    await server?.stop();
    for (const entry of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, entry), { recursive: true, force: true });
  }
}

reportScenario(main);
