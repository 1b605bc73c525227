import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Mp3Encoder } from "@breezystack/lamejs";
import { log } from "@/lib/core/log";
import { SPEECH_COMMAND, SPEECH_INSTALL_COMMAND, speechArguments } from "./speech-synthesizer";
import { sinePcm } from "./wav-tone";

// The simulator's "caller": speech from Debian's flite (a WAV file), or a tone when it is not
// installed, encoded as a real MP3 by lamejs (pure JavaScript, no native build).

export interface SynthesizeOptions {
  /** The speech synthesizer's command (tests point it elsewhere to get the tone). */
  speechCommand?: string;
  /** Seconds of tone when there is no synthesizer. */
  toneSeconds?: number;
  kbps?: number;
}

export interface SynthesizedMp3 {
  bytes: Buffer;
  /** Seconds of audio that were encoded. */
  duration: number;
  source: "speech" | "tone";
}

const TONE_RATE = 22_050;
const SAMPLES_PER_FRAME = 1152;
const MAX_TEXT = 2000;
const SYNTHESIS_TIMEOUT_MS = 20_000;

/** A valid MP3 of the text spoken (or of a tone, said so in the log, when flite is absent). */
export async function synthesizeMp3(text: string, opts: SynthesizeOptions = {}): Promise<SynthesizedMp3> {
  const speech = await speak(text.slice(0, MAX_TEXT), opts.speechCommand ?? SPEECH_COMMAND);
  const pcm = speech ?? { samples: tone(opts.toneSeconds ?? 3, TONE_RATE), sampleRate: TONE_RATE };
  return {
    bytes: encodeMp3(pcm.samples, pcm.sampleRate, opts.kbps ?? 32),
    duration: pcm.samples.length / pcm.sampleRate,
    source: speech ? "speech" : "tone",
  };
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
  return sinePcm(seconds, 440, { sampleRate, fadeMs: 20 });
}

/** The text as PCM from the synthesiser, through files in a private temporary folder; null when it cannot run. */
async function speak(text: string, command: string): Promise<{ samples: Int16Array; sampleRate: number } | null> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-"));
  try {
    const [textFile, wavFile] = [path.join(dir, "text.txt"), path.join(dir, "speech.wav")];
    await fs.writeFile(textFile, text || " ");
    const failure = await run(command, speechArguments(textFile, wavFile));
    const pcm = failure ? null : parseWav(await fs.readFile(wavFile).catch(() => Buffer.alloc(0)));
    if (pcm) return pcm;
    log.warn(`speech synthesis unavailable: the voicemail is a tone (${SPEECH_INSTALL_COMMAND} adds speech)`, {
      command,
      reason: failure ?? "not a 16-bit mono WAV",
    });
    return null;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Runs the command to its end: null when it succeeded, else why not. */
function run(command: string, args: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "ignore", timeout: SYNTHESIS_TIMEOUT_MS });
    child.on("error", (error) => resolve(String(error)));
    child.on("close", (code, signal) => resolve(code === 0 ? null : `exit code ${code}${signal ? ` (${signal})` : ""}`));
  });
}

/** 16-bit mono PCM WAV; the data chunk runs to the end at most (a synthesiser writing to a pipe cannot know its size). */
export function parseWav(wav: Buffer): { samples: Int16Array; sampleRate: number } | null {
  if (wav.length < 44 || wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE") return null;
  let sampleRate = 0;
  for (let at = 12; at + 8 <= wav.length;) {
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
