export interface SineOptions {
  /** Samples a second: 8000 unless given. */
  sampleRate?: number;
  /** The peak sample: 8000 unless given. */
  amplitude?: number;
  /** How long it rises from silence at the start and falls back at the end, so it does not click: none unless given. */
  fadeMs?: number;
}

/** `seconds` of a sine tone at `hz` as 16-bit PCM, faded in and out when asked. */
export function sinePcm(seconds: number, hz: number, { sampleRate = 8000, amplitude = 8000, fadeMs = 0 }: SineOptions = {}): Int16Array {
  const n = Math.round(seconds * sampleRate);
  const fade = Math.min(n / 2, (sampleRate * fadeMs) / 1000);
  return Int16Array.from({ length: n }, (_, i) => {
    const sample = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate);
    return Math.round(fade ? sample * Math.min(1, i / fade, (n - 1 - i) / fade) : sample);
  });
}

/** A mono 16-bit PCM WAV of a sine tone: the simulator's stand-in for recorded speech. */
export function toneWav(seconds: number, hz = 440, rate = 8000): Uint8Array {
  const pcm = sinePcm(seconds, hz, { sampleRate: rate });
  const samples = pcm.length;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVEfmt ", 8, "ascii");
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28); // byte rate
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(samples * 2, 40);
  pcm.forEach((sample, i) => buffer.writeInt16LE(sample, 44 + i * 2));
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** The pitch of a tone in 16-bit PCM by its zero crossings over the audible samples (0 for silence). */
export function toneHzOfPcm(pcm: Int16Array, rate = 8000): number {
  let crossings = 0;
  let audible = 0;
  for (let i = 1; i < pcm.length; i++) {
    if (Math.abs(pcm[i]!) < 200 && Math.abs(pcm[i - 1]!) < 200) continue;
    audible++;
    if (pcm[i]! >= 0 !== pcm[i - 1]! >= 0) crossings++;
  }
  return audible ? Math.round((crossings / 2 / audible) * rate) : 0;
}
