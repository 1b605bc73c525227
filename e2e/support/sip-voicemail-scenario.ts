import dgram from "node:dgram";
import fs from "node:fs";
import path from "node:path";
import { decodeMp3 } from "@/lib/audio/decode-mp3";
import { mp3ToPcm8k, speechToPcm8k } from "@/lib/audio/pcm-8k";
import { BaresipPhone, toneHzOfWav } from "@/lib/telephony/testing/baresip-phone";
import { bringUpNamespaceNetwork, reportScenario } from "@/lib/telephony/testing/network-namespace";
import { VOICEMAIL_GREETING } from "@/lib/telephony/sip/inbound-calls";
import { toWav16 } from "@/lib/audio/pcm";
import { sinePcm, toneWav } from "@/lib/audio/wav-tone";
import { client, createLoggedInUser } from "./api-client";
import { demo } from "./fixtures";
import { startServer, type TestServer } from "./server";
import { signedFetch } from "./media-client";

// Runs inside a network namespace of its own (started by e2e/api/voicemail-sip.test.ts): the product
// started as `npm start` with TELEPHONY_ENGINE=sip, a baresip phone calling a user's purpose number
// from the network, and the user's own baresip phones. Call 1: the user's phone rings, nobody
// answers, the service takes the caller's spoken message as voicemail. Call 2: the user's second
// phone answers and the two talk. Prints what happened as one JSON line.

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: sip-voicemail-scenario.ts <empty folder>");

const SENTENCE = "Hello, this is Anna. Please call me back about the invoice tomorrow morning.";
const ENGINE_PORT = 5070;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (pcm: Int16Array) => pcm.length / 8000;

/** 8 kHz PCM as the WAV baresip's aufile plays (16-bit little-endian mono). */
function wavOf(pcm: Int16Array): Buffer {
  return toWav16(
    Float32Array.from(pcm, (s) => s / 32768),
    8000,
  );
}

/** RMS per 50 ms window. */
function envelope(pcm: Int16Array): number[] {
  const out: number[] = [];
  for (let start = 0; start + 400 <= pcm.length; start += 400) {
    let sum = 0;
    for (let i = start; i < start + 400; i++) sum += pcm[i]! * pcm[i]!;
    out.push(Math.sqrt(sum / 400));
  }
  return out;
}

/** The best Pearson correlation of two envelopes over lags of up to ±2 s: near 1 when one is the other's audio. */
function bestCorrelation(a: number[], b: number[]): number {
  let best = -1;
  for (let lag = -40; lag <= 40; lag++) {
    const pairs: [number, number][] = [];
    for (let i = 0; i < a.length; i++) if (i + lag >= 0 && i + lag < b.length) pairs.push([a[i]!, b[i + lag]!]);
    if (pairs.length < 20) continue;
    const mean = (k: 0 | 1) => pairs.reduce((sum, p) => sum + p[k], 0) / pairs.length;
    const [ma, mb] = [mean(0), mean(1)];
    let [cov, va, vb] = [0, 0, 0];
    for (const [x, y] of pairs) {
      cov += (x - ma) * (y - mb);
      va += (x - ma) ** 2;
      vb += (y - mb) ** 2;
    }
    if (va > 0 && vb > 0) best = Math.max(best, cov / Math.sqrt(va * vb));
  }
  return Math.round(best * 100) / 100;
}

/** Waits until the engine's user agent answers OPTIONS (it listens from the scheduler's first telephony tick). */
async function engineListening(limitMs: number): Promise<void> {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  let answered = false;
  socket.on("message", (data) => (answered ||= data.toString().startsWith("SIP/2.0 200")));
  try {
    const deadline = Date.now() + limitMs;
    for (let n = 1; !answered; n++) {
      if (Date.now() > deadline) throw new Error("the SIP engine never answered OPTIONS");
      const { port } = socket.address();
      const options = [
        `OPTIONS sip:probe@127.0.0.1:${ENGINE_PORT} SIP/2.0`,
        `Via: SIP/2.0/UDP 127.0.0.1:${port};branch=z9hG4bKprobe${n}`,
        `From: <sip:probe@127.0.0.1:${port}>;tag=probe`,
        `To: <sip:probe@127.0.0.1:${ENGINE_PORT}>`,
        `Call-ID: probe-${n}`,
        `CSeq: ${n} OPTIONS`,
        "Content-Length: 0",
        "",
        "",
      ].join("\r\n");
      socket.send(options, ENGINE_PORT, "127.0.0.1");
      await sleep(300);
    }
  } finally {
    socket.close();
  }
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const sentence = await speechToPcm8k(SENTENCE);
  const greeting = await speechToPcm8k(VOICEMAIL_GREETING);
  if (!sentence || !greeting) throw new Error("Debian's flite is needed to speak the caller's sentence (.ci/run installs it)");
  // The caller says nothing during the greeting and the tone, then the sentence, then waits a moment;
  // baresip hangs up when its audio file ends.
  const lead = seconds(greeting) + 0.4 + 1.5;
  const said = new Int16Array(Math.round((lead + seconds(sentence) + 1.5) * 8000));
  said.set(sentence, Math.round(lead * 8000));

  const caller = new BaresipPhone(path.join(dir!, "caller"), 5210, [{ user: "+12025550143", answer: "manual" }], 440);
  const bob = new BaresipPhone(path.join(dir!, "bob"), 5190, [{ user: "bob", answer: "manual" }], 660);
  const carol = new BaresipPhone(path.join(dir!, "carol"), 5200, [{ user: "carol", answer: "auto" }], 550);
  const phones = [caller, bob, carol];
  let server: TestServer | undefined;
  try {
    for (const phone of phones) await phone.start();
    server = await startServer({
      log: process.env.SIP_SCENARIO_LOG,
      env: { TELEPHONY_ENGINE: "sip", SIP_BIND_HOST: "127.0.0.1", SIP_BIND_PORT: String(ENGINE_PORT), SIP_RING_SECONDS: "3" },
    });
    const app = client(server.baseUrl);
    const user = await createLoggedInUser(server.baseUrl);
    const number = await app("POST", `/devices/${user.guid}`, { json: { id: "@purpose/USA" } });
    if (number.status !== 201) throw new Error(`a purpose number: ${number.status} ${number.text}`);
    const digits = (number.body.entry.id as string).slice("service:".length);
    const device = await app("POST", `/devices/${user.guid}`, { json: { id: bob.address("bob") } });
    if (device.status !== 201) throw new Error(`bob's phone as a device: ${device.status} ${device.text}`);
    await engineListening(30_000);

    // Call 1: bob's phone rings and nobody takes it; the service answers and records.
    fs.writeFileSync(path.join(caller.dir, "say.wav"), wavOf(said));
    await caller.command("dial", `sip:+${digits}@127.0.0.1:${ENGINE_PORT}`);
    await caller.waitFor("Call established", 20_000);
    const whileRinging = await app("GET", `/calls/${user.guid}?count=1`);
    await caller.waitFor("terminated", 60_000);
    const message = await waitForVoicemail(app, user.guid, 40_000);
    // As a player asks for it, signed as its owner (only the user reads a voicemail's audio).
    const response = message
      ? await signedFetch(server.baseUrl, user.creds, "GET", message.mediaUri, { headers: { Accept: "audio/mpeg" } })
      : undefined;
    const audio = response && { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
    const recorded = audio?.status === 200 ? await mp3ToPcm8k(audio.bytes) : new Int16Array(0);
    const decoded = audio?.status === 200 ? await decodeMp3(audio.bytes) : undefined;
    const first = await app("GET", `/calls/${user.guid}/${message?.callId ?? whileRinging.body.entry?.[0]?.id}`);
    const bobLog = bob.log;

    // Call 2: carol's phone (the user's second device) answers; bob's rings and is cancelled.
    const second = await app("POST", `/devices/${user.guid}`, { json: { id: carol.address("carol") } });
    if (second.status !== 201) throw new Error(`carol's phone as a device: ${second.status} ${second.text}`);
    fs.writeFileSync(path.join(caller.dir, "say.wav"), toneWav(6, 440));
    await caller.command("dial", `sip:+${digits}@127.0.0.1:${ENGINE_PORT}`);
    await caller.waitFor("Call established", 20_000, 2);
    await sleep(1500);
    const listed = await app("GET", `/calls/${user.guid}?count=1`);
    const connected = listed.body.entry?.[0];
    await caller.waitFor("terminated", 30_000, 2);
    let ended: { status: string; legs: string[] } | undefined;
    for (let i = 0; i < 50 && !ended; i++) {
      await sleep(200);
      const call = (await app("GET", `/calls/${user.guid}/${connected?.id}`)).body.entry;
      if (call && !call.active) ended = { status: call.status, legs: call.legs.map((l: { status: string }) => l.status) };
    }
    for (let i = 0; i < 25 && carol.callsEnded() < 1; i++) await sleep(200);

    return {
      number: digits,
      ringing: whileRinging.body.entry?.[0] && {
        outbound: whileRinging.body.entry[0].outbound,
        legs: whileRinging.body.entry[0].legs.map((l: { address: string }) => l.address),
        application: whileRinging.body.entry[0].application,
      },
      first: { status: first.body.entry?.status, legs: first.body.entry?.legs.map((l: { status: string }) => l.status) },
      bobRang: /Incoming call|incoming call/.test(bobLog),
      bobCancelled: /session closed|Call with \S+ terminated|487|Request Terminated|cancel/i.test(
        bobLog.split(/Incoming call|incoming call/)[1] ?? "",
      ),
      // What bob's phone printed from the incoming call on (the failure message shows it).
      bobAfterRing: bobLog.split(/Incoming call|incoming call/)[1]?.slice(0, 800),
      voicemail: message && {
        type: message.type,
        from: message.from,
        dest: message.dest,
        duration: message.duration,
        title: message.title,
        status: audio?.status,
        contentType: audio?.headers.get("content-type"),
        decodedSeconds: decoded && Math.round(decoded.duration * 100) / 100,
        peak: decoded && Math.round(decoded.peak * 100) / 100,
      },
      sentenceSeconds: Math.round(seconds(sentence) * 100) / 100,
      recordedSeconds: Math.round(seconds(recorded) * 100) / 100,
      correlationWithSentence: bestCorrelation(envelope(sentence), envelope(recorded)),
      // A steady tone's envelope is flat: a recording of one correlates with nothing.
      correlationWithTone: bestCorrelation(envelope(sinePcm(5, 440)), envelope(recorded)),
      connected: connected && { status: connected.status, legs: connected.legs.map((l: { status: string }) => l.status) },
      ended,
      callerHeardHz: caller.heardWavs().map((file) => toneHzOfWav(file)),
      carolHeardHz: carol.heardWavs().map((file) => toneHzOfWav(file)),
      carolCallsEnded: carol.callsEnded(),
      domain: demo.domain,
    };
  } finally {
    for (const phone of phones) await phone.stop();
    await server?.stop();
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
}

async function waitForVoicemail(app: ReturnType<typeof client>, guid: string, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const res = await app("GET", `/messages/${guid}/inbox?filterBy=type&filterValue=Voicemail`);
    const found = (res.body?.entry as Array<Record<string, any>> | undefined)?.[0];
    if (found) return found;
    await sleep(500);
  }
  return undefined;
}

reportScenario(main);
