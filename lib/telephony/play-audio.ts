import { mp3ToPcm8k, speechToPcm8k, wavToPcm8k } from "@/lib/audio/pcm-8k";
import { sinePcm } from "@/lib/audio/wav-tone";
import type { PlayItem } from "./engine";

// What a play request sounds like on a real line: each item as 8 kHz PCM, one after another.
// Files are the domain's media (WAV or MP3), text is spoken by flite (a beep without it, as the
// simulator's greeting), digits one by one.

const RATE = 8000;
/** After the last item: phones keep the last 100 ms of a stream until more comes (baresip). */
const TAIL_SECONDS = 0.3;

/** A media file's bytes by its path, in the call's domain (the calls API's readMedia hook). */
export type ReadMedia = (path: string) => Promise<Uint8Array | undefined>;

async function audioOfItem(item: PlayItem, readMedia: ReadMedia | undefined): Promise<Int16Array> {
  if (item.type === "file") {
    const bytes = readMedia ? await readMedia(item.value) : undefined;
    if (!bytes) throw new Error(`the media file ${item.value} is not in the call's domain`);
    const isWav = Buffer.from(bytes.subarray(0, 4)).toString("ascii") === "RIFF";
    return isWav ? wavToPcm8k(Buffer.from(bytes)) : mp3ToPcm8k(bytes);
  }
  // digits are read one by one ("1 2 3"); numbers, money and times as written.
  const text = item.type === "digits" ? [...item.value].join(" ") : item.value;
  return (await speechToPcm8k(text)) ?? sinePcm(item.duration ?? 1, 880, { sampleRate: RATE, amplitude: 6000 });
}

/** The items' audio, each cut at its `duration` when it names one, with a short silence after the last. */
export async function audioOfPlayItems(items: PlayItem[], readMedia?: ReadMedia): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for (const item of items) {
    const pcm = await audioOfItem(item, readMedia);
    parts.push(item.duration ? pcm.subarray(0, item.duration * RATE) : pcm);
  }
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0) + TAIL_SECONDS * RATE);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
