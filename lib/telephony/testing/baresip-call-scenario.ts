import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { toneWav } from "@/lib/audio/wav-tone";
import { buildSdp } from "../sip/media/sdp";
import { SipUserAgent } from "../sip/sip-ua";
import { bringUpNamespaceNetwork, reportScenario } from "./network-namespace";

// Runs inside a network namespace of its own (`unshare -n`, started by sip-ua.integration.test.ts):
// sets up loopback and a tap device, starts a baresip phone (docs: /work/shared/notes/sip-testing.md),
// places calls to it with SipUserAgent and prints what happened as one JSON line. Every SIP and RTP
// packet stays in the namespace, which disappears with this process.

const PHONE_PORT = 5180;
const dir = process.argv[2];
if (!dir || !fs.existsSync(dir)) throw new Error("usage: baresip-call-scenario.ts <empty folder for the phone>");

function writePhone(): void {
  const config = [
    "poll_method epoll",
    `sip_listen 127.0.0.1:${PHONE_PORT}`,
    // A second call while one is up is refused with 486 Busy Here.
    "call_max_calls 1",
    `audio_player aufile,${path.join(dir!, "heard.wav")}`,
    `audio_source aufile,${path.join(dir!, "say.wav")}`,
    `audio_alert aufile,${path.join(dir!, "alert.wav")}`,
    "module_path /usr/lib/baresip/modules",
    "module stdio.so",
    "module g711.so",
    "module aufile.so",
    "module_app account.so",
    "module_app menu.so",
  ];
  const accounts = [
    `<sip:alice@127.0.0.1:${PHONE_PORT}>;regint=0;answermode=auto;audio_codecs=PCMU,PCMA`,
    `<sip:bob@127.0.0.1:${PHONE_PORT}>;regint=0;answermode=manual;audio_codecs=PCMU,PCMA`,
  ];
  fs.writeFileSync(path.join(dir!, "config"), config.join("\n") + "\n");
  fs.writeFileSync(path.join(dir!, "accounts"), accounts.join("\n") + "\n");
  fs.writeFileSync(path.join(dir!, "say.wav"), toneWav(3, 440));
  fs.writeFileSync(path.join(dir!, "alert.wav"), toneWav(1, 880));
}

let phoneLog = "";
/** Settles once baresip exited and its output has been read to the end. */
let phoneClosed: Promise<unknown> = Promise.resolve();

function startPhone(): Promise<ChildProcess> {
  const phone = spawn("stdbuf", ["-oL", "baresip", "-f", dir!], { stdio: ["pipe", "pipe", "pipe"] });
  phoneClosed = new Promise((resolve) => phone.once("close", resolve));
  let output = "";
  const log = (chunk: Buffer) => (phoneLog += chunk.toString());
  phone.stdout.on("data", log);
  phone.stderr.on("data", log);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      phone.kill("SIGKILL");
      reject(new Error(`baresip did not get ready: ${output}`));
    }, 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("baresip is ready")) {
        clearTimeout(timer);
        phone.stdout.off("data", read);
        phone.stderr.off("data", read);
        resolve(phone);
      }
    };
    phone.stdout.on("data", read);
    phone.stderr.on("data", read);
    phone.once("exit", (code) => reject(new Error(`baresip exited (${code}): ${output}`)));
  });
}

async function stopPhone(phone: ChildProcess): Promise<void> {
  if (phone.exitCode === null && phone.signalCode === null) phone.kill("SIGTERM");
  const timer = setTimeout(() => phone.kill("SIGKILL"), 3000);
  await phoneClosed;
  clearTimeout(timer);
}

async function main(): Promise<unknown> {
  bringUpNamespaceNetwork();
  writePhone();
  const offer = buildSdp({ address: "127.0.0.1", port: 40000, sessionId: 1, sessionVersion: 1 });
  const phone = await startPhone();
  let ua: SipUserAgent | undefined;
  let report;
  try {
    ua = await SipUserAgent.start({ host: "127.0.0.1" });
    const answeredProgress: [number, string | null][] = [];
    const answered = ua.invite(`sip:alice@127.0.0.1:${PHONE_PORT}`, {
      sdp: offer,
      onResponse: (response, state) => answeredProgress.push([response.status, state]),
    });
    const answeredOutcome = await answered.outcome;

    // The phone is in a call now: a second one is refused.
    const busyProgress: [number, string | null][] = [];
    const busyOutcome = await ua.invite(`sip:alice@127.0.0.1:${PHONE_PORT}`, { sdp: offer, onResponse: (r, s) => busyProgress.push([r.status, s]) })
      .outcome;
    const byeStatus = await answered.bye();

    const unknownOutcome = await ua.invite(`sip:nobody@127.0.0.1:${PHONE_PORT}`, { sdp: offer }).outcome;

    // bob answers by hand, so nobody does: after the ring time the call is cancelled.
    const unansweredProgress: [number, string | null][] = [];
    const unansweredOutcome = await ua.invite(`sip:bob@127.0.0.1:${PHONE_PORT}`, {
      sdp: offer,
      ringSeconds: 1,
      onResponse: (r, s) => unansweredProgress.push([r.status, s]),
    }).outcome;

    // The same phone over TCP: baresip listens on TCP at its SIP port too.
    const tcpProgress: [number, string | null][] = [];
    const tcpCall = ua.invite(`sip:alice@127.0.0.1:${PHONE_PORT};transport=tcp`, {
      sdp: offer,
      onResponse: (r, s) => tcpProgress.push([r.status, s]),
    });
    const tcpOutcome = await tcpCall.outcome;
    const tcpByeStatus = tcpOutcome.state === "answered" ? await tcpCall.bye() : undefined;

    report = {
      answered: { progress: answeredProgress, outcome: answeredOutcome, byeStatus },
      tcp: { progress: tcpProgress, outcome: tcpOutcome, byeStatus: tcpByeStatus },
      busy: { progress: busyProgress, outcome: busyOutcome },
      unknown: { outcome: unknownOutcome },
      unanswered: { progress: unansweredProgress, outcome: unansweredOutcome },
    };
  } finally {
    await ua?.stop();
    await stopPhone(phone);
    for (const file of fs.readdirSync(dir!)) fs.rmSync(path.join(dir!, file), { recursive: true, force: true });
  }
  // baresip says so once our ACK reached it (read after it exited, so all it wrote is in).
  return { ...report, callsEstablishedOnPhone: phoneLog.split("Call established").length - 1 };
}

reportScenario(main);
