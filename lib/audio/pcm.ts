import { parseWav } from "./synthesize-mp3";

// A recogniser wants mono 16-bit PCM at one rate (pocketsphinx's en-us model: 16 kHz). Stored audio
// is the voicemail's MP3 or an inbound message's WAV: decoded here, mixed to mono and resampled.

export interface Pcm {
  /** Mono samples in [-1, 1]. */
  samples: Float32Array;
  sampleRate: number;
}

const isWav = (bytes: Uint8Array) => bytes.length >= 12 && Buffer.from(bytes.subarray(0, 4)).toString("ascii") === "RIFF";

/** WAV (16-bit mono PCM) or MP3 bytes as mono PCM; throws, naming the file, when neither. */
export async function decodeAudio(bytes: Uint8Array, fileName: string): Promise<Pcm> {
  if (isWav(bytes)) {
    const wav = parseWav(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    if (!wav) throw new Error(`${fileName}: not a 16-bit mono PCM WAV`);
    return { samples: Float32Array.from(wav.samples, (s) => s / 32768), sampleRate: wav.sampleRate };
  }
  // Loaded on first use: only a real recogniser needs an MP3 decoder (WASM).
  const { MPEGDecoder } = await import("mpg123-decoder");
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, samplesDecoded, sampleRate, errors } = decoder.decode(bytes);
    if (errors.length || !samplesDecoded || !channelData.length) throw new Error(`${fileName}: neither WAV nor MP3 audio`);
    const samples = new Float32Array(samplesDecoded);
    for (const channel of channelData) for (let i = 0; i < samplesDecoded; i++) samples[i]! += channel[i]! / channelData.length;
    return { samples, sampleRate };
  } finally {
    decoder.free();
  }
}

const TAPS = 16;

/** Band-limited resampling (windowed sinc, low-passed below the lower Nyquist frequency, so going down does not alias). */
export function resample(pcm: Pcm, rate: number): Float32Array {
  if (pcm.sampleRate === rate) return pcm.samples;
  const step = pcm.sampleRate / rate;
  const cutoff = Math.min(1, rate / pcm.sampleRate);
  const reach = Math.ceil(TAPS / cutoff);
  const out = new Float32Array(Math.floor(pcm.samples.length / step));
  for (let i = 0; i < out.length; i++) {
    const t = i * step;
    const centre = Math.floor(t);
    let sum = 0;
    for (let k = centre - reach + 1; k <= centre + reach; k++) {
      if (k < 0 || k >= pcm.samples.length) continue;
      const x = (t - k) * cutoff;
      const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * (t - k)) / reach);
      sum += pcm.samples[k]! * cutoff * sinc * window;
    }
    out[i] = sum;
  }
  return out;
}

/** Mono samples as a 16-bit PCM WAV file. */
export function toWav16(samples: Float32Array, sampleRate: number): Buffer {
  const wav = Buffer.alloc(44 + samples.length * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples.length * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) wav.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768))), 44 + i * 2);
  return wav;
}
