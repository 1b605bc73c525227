// A recorded message without the silence before the caller's first word and after the last (the
// wait at the tone, the pause before hanging up), so its length is what the caller said.

const RATE = 8000;
const FRAME = 160; // 20 ms
/** A 20 ms frame louder than this RMS (about -36 dBFS) holds voice. */
const VOICE_RMS = 500;
/** Kept on each side of the voice, so the first and last syllables are not clipped. */
const PAD_SAMPLES = RATE / 4;

function frameRms(pcm: Int16Array, start: number): number {
  let sum = 0;
  const end = Math.min(pcm.length, start + FRAME);
  for (let i = start; i < end; i++) sum += pcm[i]! * pcm[i]!;
  return Math.sqrt(sum / Math.max(1, end - start));
}

/** 8 kHz PCM cut to its voiced part with a quarter second either side; empty when no frame holds voice. */
export function trimSilence(pcm: Int16Array): Int16Array {
  let first = -1;
  let last = -1;
  for (let start = 0; start < pcm.length; start += FRAME) {
    if (frameRms(pcm, start) < VOICE_RMS) continue;
    if (first < 0) first = start;
    last = Math.min(pcm.length, start + FRAME);
  }
  if (first < 0) return new Int16Array(0);
  return pcm.slice(Math.max(0, first - PAD_SAMPLES), Math.min(pcm.length, last + PAD_SAMPLES));
}
