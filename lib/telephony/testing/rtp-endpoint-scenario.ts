import fs from "node:fs";
import path from "node:path";
import { sinePcm, toneHzOfPcm } from "@/lib/audio/wav-tone";
import { RtpEndpoint } from "../sip/media/rtp-endpoint";
import { SipUserAgent } from "../sip/sip-ua";
import { BaresipPhone, peakOfWav, toneHzOfWav } from "./baresip-phone";
import { bringUpNamespaceNetwork, reportScenario } from "./network-namespace";

// Runs inside a network namespace of its own (started by rtp-endpoint.integration.test.ts): the
// service's own RTP endpoint in a call with a baresip phone, once in PCMU and once with the phone
// offering PCMA only. We INVITE with the endpoint's offer and take the phone's answer; we record what
// the phone sends (its 440 Hz tone), have it send two RFC 4733 digits, play it a 1000 Hz tone, and
// hang up; what the phone heard comes from its sndfile dump. Prints what was measured as one JSON line.

const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: rtp-endpoint-scenario.ts <empty folder>");

const RATE = 8000;
const RECORD_MS = 3000;
const PLAY_SECONDS = 2;
const PLAY_HZ = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds of sound: the 20 ms frames whose loudest sample is well above silence (a sine's samples near zero crossings are not). */
function audibleSeconds(samples: Int16Array): number {
  let frames = 0;
  for (let at = 0; at < samples.length; at += 160) if (samples.subarray(at, at + 160).some((sample) => Math.abs(sample) > 1000)) frames++;
  return frames * 0.02;
}

function wavSamples(file: string): Int16Array {
  const bytes = fs.readFileSync(file);
  return Int16Array.from({ length: Math.floor((bytes.length - 44) / 2) }, (_, i) => bytes.readInt16LE(44 + i * 2));
}

async function callPhone(ua: SipUserAgent, phone: BaresipPhone, user: string) {
  const endpoint = await RtpEndpoint.open({ host: "127.0.0.1" });
  try {
    const call = ua.invite(phone.address(user), { sdp: endpoint.offer() });
    const outcome = await call.outcome;
    const accepted = outcome.answerSdp ? endpoint.accept(outcome.answerSdp) : false;
    if (outcome.state !== "answered" || !accepted) return { status: outcome.status, accepted };
    await phone.waitFor("Call established", 5000);

    const digits: string[] = [];
    endpoint.onDigit((digit) => digits.push(digit));
    endpoint.startRecording();
    const recordStarted = Date.now();
    await sleep(RECORD_MS / 2);
    // baresip sends keys as RFC 4733 events in the call's RTP when telephone-event was negotiated.
    await phone.command("sndcode", "1");
    await sleep(300);
    await phone.command("sndcode", "#");
    await sleep(RECORD_MS / 2 - 300);
    const recorded = endpoint.stopRecording();
    // On a loaded machine the sleeps and the phone's commands take longer: the recording is as long as this.
    const recordMs = Date.now() - recordStarted;

    const playStarted = Date.now();
    // 300 ms of silence after the tone: baresip's jitter buffer keeps its last 100 ms until more packets push them out.
    const played = await endpoint.play(Int16Array.from([...sinePcm(PLAY_SECONDS, PLAY_HZ, { sampleRate: RATE }), ...new Int16Array(0.3 * RATE)]));
    const playMs = Date.now() - playStarted;
    await sleep(100);
    const silentForSeconds = endpoint.silentForSeconds();
    const byeStatus = await call.bye();
    return {
      status: outcome.status,
      accepted,
      codec: endpoint.negotiated?.codec,
      answerCodecs: outcome.answer?.codecs.map((codec) => codec.name),
      // Where its SDP says it receives, and where its packets came from (the address symmetric RTP latched onto).
      answerAddress: outcome.answer && { address: outcome.answer.address, port: outcome.answer.port },
      farSource: endpoint.farSource,
      recordMs,
      recorded: {
        seconds: recorded.length / RATE,
        hz: toneHzOfPcm(recorded),
        peak: Math.max(...recorded.map(Math.abs)),
        audibleSeconds: audibleSeconds(recorded),
      },
      digits,
      played,
      playMs,
      silentForSeconds,
      byeStatus,
    };
  } finally {
    await endpoint.close();
  }
}

/** What the phone heard in its call (sndfile's decoded dump), read once it has stopped and closed the file. */
function heard(phone: BaresipPhone) {
  const files = phone.heardWavs();
  const file = files[0];
  if (!file) return { files: 0 };
  const samples = wavSamples(file);
  return {
    files: files.length,
    hz: toneHzOfWav(file),
    peak: peakOfWav(file),
    seconds: samples.length / RATE,
    audibleSeconds: audibleSeconds(samples),
  };
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  const pcmuPhone = new BaresipPhone(path.join(dir!, "pcmu"), 5180, [{ user: "alice", answer: "auto" }], 440);
  const pcmaPhone = new BaresipPhone(path.join(dir!, "pcma"), 5190, [{ user: "bob", answer: "auto" }], 440, "PCMA");
  let ua: SipUserAgent | undefined;
  try {
    await pcmuPhone.start();
    await pcmaPhone.start();
    ua = await SipUserAgent.start({ host: "127.0.0.1" });
    const pcmu = await callPhone(ua, pcmuPhone, "alice");
    const pcma = await callPhone(ua, pcmaPhone, "bob");
    await ua.stop();
    ua = undefined;
    await pcmuPhone.stop();
    await pcmaPhone.stop();
    return {
      pcmu: { ...pcmu, heard: heard(pcmuPhone), callsEnded: pcmuPhone.callsEnded() },
      pcma: { ...pcma, heard: heard(pcmaPhone), callsEnded: pcmaPhone.callsEnded() },
    };
  } finally {
    await ua?.stop();
    await pcmuPhone.stop();
    await pcmaPhone.stop();
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
}

reportScenario(main);
