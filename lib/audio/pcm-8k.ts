import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { decodeAudio, resample } from "./pcm";
import { SPEECH_COMMAND, speechArguments } from "./speech-synthesizer";
import { encodeMp3, parseWav } from "./synthesize-mp3";

// Audio as the phone network carries it: 8 kHz mono 16-bit PCM (what G.711 encodes, what the RTP
// endpoint plays and records), from and to the files the API stores (WAV, MP3) and from speech.

export const PCM_8K_RATE = 8000;

const MP3_KBPS = 32;
const MAX_TEXT = 2000;
const SYNTHESIS_TIMEOUT_MS = 20_000;

export const audioSecondsOfPcm8k = (pcm: Int16Array) => pcm.length / PCM_8K_RATE;

/** Float samples in [-1, 1] at `rate` to 8 kHz 16-bit, band-limited below 4 kHz first so nothing above folds back. */
function toPcm8k(samples: Float32Array, rate: number): Int16Array {
  const resampled = resample({ samples, sampleRate: rate }, PCM_8K_RATE);
  return Int16Array.from(resampled, (s) => Math.max(-32768, Math.min(32767, Math.round(s * 32768))));
}

/** 16-bit PCM WAV at any rate, mono or stereo (mixed down), as 8 kHz mono; throws when it is not one. */
export function wavToPcm8k(wav: Buffer): Int16Array {
  const mono = parseWav(wav);
  const pcm = mono ? { samples: Float32Array.from(mono.samples, (s) => s / 32768), sampleRate: mono.sampleRate } : parseStereoWav(wav);
  if (!pcm || !pcm.sampleRate) throw new Error("not a 16-bit mono or stereo PCM WAV");
  return toPcm8k(pcm.samples, pcm.sampleRate);
}

/** What parseWav leaves out: two channels, or the extensible format tag, of 16-bit PCM; mixed to mono. */
function parseStereoWav(wav: Buffer): { samples: Float32Array; sampleRate: number } | null {
  if (wav.length < 44 || wav.toString("ascii", 0, 4) !== "RIFF" || wav.toString("ascii", 8, 12) !== "WAVE") return null;
  let format: { channels: number; sampleRate: number } | undefined;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.toString("ascii", at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === "fmt " && at + 24 <= wav.length) {
      const [tag, channels, bits] = [wav.readUInt16LE(at + 8), wav.readUInt16LE(at + 10), wav.readUInt16LE(at + 22)];
      // 0xfffe (WAVE_FORMAT_EXTENSIBLE) holds plain PCM too when its bits are 16.
      if ((tag !== 1 && tag !== 0xfffe) || (channels !== 1 && channels !== 2) || bits !== 16) return null;
      format = { channels, sampleRate: wav.readUInt32LE(at + 12) };
    } else if (id === "data") {
      if (!format) return null;
      const data = wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
      const frames = Math.floor(data.length / (2 * format.channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) {
        let sum = 0;
        for (let c = 0; c < format.channels; c++) sum += data.readInt16LE((i * format.channels + c) * 2);
        samples[i] = sum / format.channels / 32768;
      }
      return { samples, sampleRate: format.sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

/** MP3 (any rate, mono or stereo) as 8 kHz mono PCM; throws when the bytes are not MP3. */
export async function mp3ToPcm8k(bytes: Uint8Array): Promise<Int16Array> {
  const pcm = await decodeAudio(bytes, "MP3");
  return toPcm8k(pcm.samples, pcm.sampleRate);
}

/**
 * 8 kHz PCM as an MP3 (MPEG-2.5 layer III, what the API stores for recordings and voicemail), led by an Info frame
 * with LAME's gapless fields: a decoder that reads them (mpg123 does) gives back exactly the samples encoded, not
 * 1105 more at the start and up to a frame of silence at the end.
 */
export function pcm8kToMp3(pcm: Int16Array, kbps = MP3_KBPS): Buffer {
  const mp3 = encodeMp3(pcm, PCM_8K_RATE, kbps);
  const tag = gaplessInfoFrame(mp3, pcm.length);
  return tag ? Buffer.concat([tag, mp3]) : mp3;
}

/** lamejs's encoder delay (its ENCDELAY): samples of silence before the first encoded one. */
const LAME_ENCODER_DELAY = 576;
const MPEG2_LAYER3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG25_RATES = [11_025, 12_000, 8000];
const SAMPLES_PER_FRAME = 576; // MPEG-2 and 2.5 layer III

/** An MPEG-2.5 layer III frame's length in bytes from its header, or 0 when none starts at `at`. */
function frameLength(mp3: Buffer, at: number): number {
  if (at + 4 > mp3.length || mp3[at] !== 0xff || (mp3[at + 1]! & 0xfe) !== 0xe2) return 0; // sync, MPEG-2.5, layer III
  const kbps = MPEG2_LAYER3_KBPS[mp3[at + 2]! >> 4] ?? 0;
  const rate = MPEG25_RATES[(mp3[at + 2]! >> 2) & 3];
  if (!kbps || !rate) return 0;
  return Math.floor((72_000 * kbps) / rate) + ((mp3[at + 2]! >> 1) & 1);
}

/**
 * The Xing "Info" frame LAME itself writes at the start of a CBR file (here lamejs's encoder does not): frame count, byte
 * count, a linear seek table, and the LAME extension whose 12-bit encoder delay and padding make decoding gapless.
 * Undefined for what this encoder would not have written (not mono MPEG-2.5, a frame too small for the tag).
 */
function gaplessInfoFrame(mp3: Buffer, samples: number): Buffer | undefined {
  let frames = 0;
  for (let at = 0, length; (length = frameLength(mp3, at)); at += length) frames++;
  const size = frameLength(mp3, 0) - ((mp3[2]! >> 1) & 1);
  const padding = frames * SAMPLES_PER_FRAME - LAME_ENCODER_DELAY - samples;
  const mono = mp3[3]! >> 6 === 3;
  const info = 4 + 9; // after the header and MPEG-2 mono side information
  if (!frames || !mono || size < info + 156 || padding < 0 || padding > 0xfff) return undefined;
  const frame = Buffer.alloc(size);
  mp3.copy(frame, 0, 0, 4);
  frame[2]! &= ~0x02; // no padding byte
  frame.write("Info", info, "ascii");
  frame.writeUInt32BE(0x0f, info + 4); // frames, bytes, seek table and quality present
  frame.writeUInt32BE(frames, info + 8);
  frame.writeUInt32BE(size + mp3.length, info + 12);
  for (let i = 0; i < 100; i++) frame[info + 16 + i] = Math.floor((i * 256) / 100);
  frame.writeUInt32BE(0, info + 116);
  const lame = info + 120;
  frame.write("LAME3.100", lame, "ascii");
  frame[lame + 9] = 0x01; // tag revision 0, CBR
  frame[lame + 11 + 9] = MPEG2_LAYER3_KBPS[mp3[2]! >> 4]!; // bitrate
  frame.writeUIntBE((LAME_ENCODER_DELAY << 12) | padding, lame + 21, 3);
  frame.writeUInt32BE(size + mp3.length, lame + 28); // music length: the whole file, as LAME counts it
  frame.writeUInt16BE(crc16(frame.subarray(0, lame + 34)), lame + 34); // the tag's own CRC, over the frame before it
  return frame;
}

/** CRC-16 (polynomial 0x8005, reflected), LAME's for its tag. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** The text spoken by Debian's flite, as 8 kHz PCM; undefined when flite is not installed (the spawn fails) or fails. */
export async function speechToPcm8k(text: string, command = SPEECH_COMMAND): Promise<Int16Array | undefined> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-8k-"));
  try {
    const [textFile, wavFile] = [path.join(dir, "text.txt"), path.join(dir, "speech.wav")];
    await fs.writeFile(textFile, text.slice(0, MAX_TEXT) || " ");
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn(command, speechArguments(textFile, wavFile), { stdio: "ignore", timeout: SYNTHESIS_TIMEOUT_MS });
      child.on("error", () => resolve(false));
      child.on("close", (code) => resolve(code === 0));
    });
    if (!ok) return undefined;
    const wav = await fs.readFile(wavFile).catch(() => undefined);
    if (!wav) return undefined;
    try {
      return wavToPcm8k(wav);
    } catch {
      return undefined;
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
