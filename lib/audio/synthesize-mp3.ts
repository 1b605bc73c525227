import { spawn } from "node:child_process";
import { Mp3Encoder } from "@breezystack/lamejs";
import { log } from "@/lib/core/log";
import { SPEECH_COMMAND, SPEECH_INSTALL_COMMAND } from "./speech-synthesizer";

// The simulator's "caller": speech from Debian's espeak-ng (WAV on stdout), or a tone when it is
// not installed, encoded as a real MP3 by lamejs (pure JavaScript, no native build).

export interface SynthesizeOptions {
  /** The speech synthesizer's command (tests point it elsewhere to get the tone). */
  espeakCommand?: string;
  /** Seconds of tone when there is no synthesizer. */
  toneSeconds?: number;
  kbps?: number;
}

export interface SynthesizedMp3 {
  bytes: Buffer;
  /** Seconds of audio that were encoded. */
  duration: number;
  source: "espeak-ng" | "tone";
}

const TONE_RATE = 22_050;
const SAMPLES_PER_FRAME = 1152;
const MAX_TEXT = 2000;
const SYNTHESIS_TIMEOUT_MS = 20_000;

/** A valid MP3 of the text spoken (or of a tone, said so in the log, when espeak-ng is absent). */
export async function synthesizeMp3(text: string, opts: SynthesizeOptions = {}): Promise<SynthesizedMp3> {
  const speech = await speak(text.slice(0, MAX_TEXT), opts.espeakCommand ?? SPEECH_COMMAND);
  const pcm = speech ?? { samples: tone(opts.toneSeconds ?? 3, TONE_RATE), sampleRate: TONE_RATE };
  return { bytes: encodeMp3(pcm.samples, pcm.sampleRate, opts.kbps ?? 32), duration: pcm.samples.length / pcm.sampleRate, source: speech ? "espeak-ng" : "tone" };
}

/** Mono 16-bit PCM to MP3 frames. */
export function encodeMp3(samples: Int16Array, sampleRate: number, kbps: number): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const parts: Buffer[] = [];
  // lamejs hands back Int8Array views: copy their bytes as they are.
  const add = (frame: Uint8Array | Int8Array) => parts.push(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength));
  for (let i = 0; i < samples.length; i += SAMPLES_PER_FRAME) add(encoder.encodeBuffer(samples.subarray(i, i + SAMPLES_PER_FRAME)));
  add(encoder.flush());
  return Buffer.concat(parts);
}

/** A 440 Hz sine with short fades, so it does not click. */
export function tone(seconds: number, sampleRate: number): Int16Array {
  const n = Math.round(seconds * sampleRate);
  const fade = Math.min(n / 2, sampleRate / 50);
  return Int16Array.from({ length: n }, (_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate) * Math.min(1, i / fade, (n - 1 - i) / fade)));
}

/** The text as PCM from espeak-ng, read from stdin (so no text is ever an option); null when it cannot run. */
function speak(text: string, command: string): Promise<{ samples: Int16Array; sampleRate: number } | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, ["--stdout", "-v", "en-us", "-s", "150"], { stdio: ["pipe", "pipe", "ignore"], timeout: SYNTHESIS_TIMEOUT_MS });
    let settled = false;
    const fallBack = (reason: string) => {
      if (settled) return;
      settled = true;
      log.warn(`speech synthesis unavailable: the voicemail is a tone (${SPEECH_INSTALL_COMMAND} adds speech)`, { command, reason });
      resolve(null);
    };
    child.on("error", (error) => fallBack(String(error)));
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.on("close", (code) => {
      if (code !== 0) return fallBack(`exit code ${code}`);
      const pcm = parseWav(Buffer.concat(chunks));
      if (pcm && !settled) resolve(pcm);
      else fallBack("not a 16-bit mono WAV");
    });
    child.stdin.on("error", () => {}); // a command that is missing closes stdin early; "error" above reports it
    child.stdin.end(text || " ");
  });
}

/** 16-bit mono PCM WAV; the data chunk runs to the end (espeak-ng on a pipe cannot write its size). */
export function parseWav(wav: Buffer): { samples: Int16Array; sampleRate: number } | null {
  if (wav.length < 44 || wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE") return null;
  let sampleRate = 0;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString("ascii", at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === "fmt ") {
      const [format, channels, bits] = [wav.readUInt16LE(at + 8), wav.readUInt16LE(at + 10), wav.readUInt16LE(at + 22)];
      if (format !== 1 || channels !== 1 || bits !== 16) return null;
      sampleRate = wav.readUInt32LE(at + 12);
    } else if (id === "data") {
      if (!sampleRate) return null;
      const data = wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
      const samples = new Int16Array(Math.floor(data.length / 2));
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(i * 2);
      return { samples, sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}
