import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { toneWav } from "@/lib/audio/wav-tone";

// A Debian baresip phone for tests run inside a network namespace (/work/shared/notes/sip-testing.md):
// its own config folder, the accounts it answers, a tone as its microphone, what it hears written
// to heard.wav, and ctrl_tcp to hang it up.

export interface PhoneAccount {
  user: string;
  answer: "auto" | "manual";
}

export class BaresipPhone {
  log = "";
  private closed: Promise<unknown> = Promise.resolve();
  private process?: ChildProcess;

  constructor(
    readonly dir: string,
    readonly port: number,
    private readonly accounts: PhoneAccount[],
    private readonly toneHz: number,
    /** The codecs its accounts offer and accept (baresip's audio_codecs): "PCMA" alone forces A-law. */
    private readonly audioCodecs = "PCMU,PCMA",
  ) {}

  address(user: string): string {
    return `sip:${user}@127.0.0.1:${this.port}`;
  }

  /** Where sndfile writes the calls' audio. */
  get heardDir(): string {
    return path.join(this.dir, "calls");
  }

  /** The WAVs of what the phone heard in its calls (sndfile's decoded side). */
  heardWavs(): string[] {
    if (!fs.existsSync(this.heardDir)) return [];
    return fs
      .readdirSync(this.heardDir)
      .filter((name) => name.endsWith("-dec.wav"))
      .map((name) => path.join(this.heardDir, name));
  }

  private get controlPort(): number {
    return this.port + 5;
  }

  async start(): Promise<void> {
    fs.mkdirSync(this.heardDir, { recursive: true });
    const config = [
      "poll_method epoll",
      `sip_listen 127.0.0.1:${this.port}`,
      "call_max_calls 1",
      `audio_source aufile,${path.join(this.dir, "say.wav")}`,
      `audio_alert aufile,${path.join(this.dir, "alert.wav")}`,
      "module_path /usr/lib/baresip/modules",
      "module stdio.so",
      "module g711.so",
      "module aufile.so",
      // Writes what the phone hears (decoded) and says to dump-*-dec.wav and dump-*-enc.wav in snd_path.
      "module sndfile.so",
      `snd_path ${this.heardDir}`,
      "module_app account.so",
      "module_app menu.so",
      "module_app ctrl_tcp.so",
      `ctrl_tcp_listen 127.0.0.1:${this.controlPort}`,
    ];
    const accounts = this.accounts.map((a) => `<${this.address(a.user)}>;regint=0;answermode=${a.answer};audio_codecs=${this.audioCodecs}`);
    fs.writeFileSync(path.join(this.dir, "config"), config.join("\n") + "\n");
    fs.writeFileSync(path.join(this.dir, "accounts"), accounts.join("\n") + "\n");
    // baresip ends a call when its aufile source runs out: long enough for any scenario here.
    fs.writeFileSync(path.join(this.dir, "say.wav"), toneWav(60, this.toneHz));
    fs.writeFileSync(path.join(this.dir, "alert.wav"), toneWav(1, 880));
    const phone = spawn("stdbuf", ["-oL", "baresip", "-f", this.dir], { stdio: ["pipe", "pipe", "pipe"] });
    this.process = phone;
    this.closed = new Promise((resolve) => phone.once("close", resolve));
    const log = (chunk: Buffer) => (this.log += chunk.toString());
    phone.stdout.on("data", log);
    phone.stderr.on("data", log);
    await this.waitFor("baresip is ready", 10_000);
  }

  /**
   * Calls the phone saw established and then ended. baresip marks a BYE's end with "session closed: Connection reset by
   * peer", "Call with ... terminated", or both (the second can come seconds later, or not at all when the BYE comes within
   * a second of the answer): one call counts once.
   */
  callsEnded(): number {
    return this.log
      .split("Call established")
      .slice(1)
      .filter((call) => /Call with \S+ terminated|session closed: Connection reset by peer/.test(call)).length;
  }

  /** Waits until the phone's output says `text` `count` times. */
  async waitFor(text: string, limitMs: number, count = 1): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (this.log.split(text).length - 1 < count) {
      if (this.process?.exitCode !== null && this.process?.exitCode !== undefined) throw new Error(`baresip exited: ${this.log}`);
      if (Date.now() > deadline) throw new Error(`baresip on ${this.port} never said "${text}":\n${this.log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Sends a ctrl_tcp command (a netstring of JSON). */
  async command(command: string, params = ""): Promise<void> {
    const json = JSON.stringify({ command, params, token: "test" });
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(this.controlPort, "127.0.0.1", () => {
        socket.write(`${Buffer.byteLength(json)}:${json},`);
        socket.once("data", () => (socket.destroy(), resolve()));
      });
      socket.once("error", reject);
      setTimeout(() => (socket.destroy(), resolve()), 2000);
    });
  }

  async stop(): Promise<void> {
    const phone = this.process;
    if (!phone) return;
    if (phone.exitCode === null && phone.signalCode === null) phone.kill("SIGTERM");
    const timer = setTimeout(() => phone.kill("SIGKILL"), 3000);
    await this.closed;
    clearTimeout(timer);
  }
}

/** The loudest sample of a 16-bit mono WAV's audio (0: silence or no audio at all). */
export function peakOfWav(file: string): number {
  if (!fs.existsSync(file)) return 0;
  const bytes = fs.readFileSync(file);
  let peak = 0;
  for (let offset = 44; offset + 1 < bytes.length; offset += 2) peak = Math.max(peak, Math.abs(bytes.readInt16LE(offset)));
  return peak;
}

/** The pitch of a WAV's tone from its zero crossings over the audible samples (0 for silence). */
export function toneHzOfWav(file: string, rate = 8000): number {
  if (!fs.existsSync(file)) return 0;
  const bytes = fs.readFileSync(file);
  let crossings = 0;
  let audible = 0;
  let previous = 0;
  for (let offset = 44; offset + 1 < bytes.length; offset += 2) {
    const sample = bytes.readInt16LE(offset);
    if (Math.abs(sample) < 200 && Math.abs(previous) < 200) continue;
    audible++;
    if (sample >= 0 !== previous >= 0) crossings++;
    previous = sample;
  }
  return audible === 0 ? 0 : Math.round((crossings / 2 / audible) * rate);
}
