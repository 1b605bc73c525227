import { describe, expect, it } from "vitest";
import { encodeMp3, parseWav, tone } from "@/lib/audio/synthesize-mp3";
import { decodeAudio, resample, toWav16 } from "./pcm";

/** The strongest frequency among candidates, by correlation: enough to tell a tone survived resampling. */
function strongest(samples: Float32Array, rate: number, candidates: number[]): number {
  const power = (f: number) => {
    let re = 0;
    let im = 0;
    samples.forEach((s, i) => ((re += s * Math.cos((2 * Math.PI * f * i) / rate)), (im += s * Math.sin((2 * Math.PI * f * i) / rate))));
    return re * re + im * im;
  };
  return candidates.reduce((best, f) => (power(f) > power(best) ? f : best));
}

describe("audio for a recogniser", () => {
  it("resamples 22.05 kHz to 16 kHz keeping the length and the pitch", () => {
    const samples = Float32Array.from(tone(1, 22_050), (s) => s / 32768);
    const out = resample({ samples, sampleRate: 22_050 }, 16_000);
    expect(Math.abs(out.length - 16_000)).toBeLessThanOrEqual(1);
    expect(strongest(out, 16_000, [220, 440, 880, 3000])).toBe(440);
    const peak = out.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
    expect(peak).toBeGreaterThan(0.2);
    expect(peak).toBeLessThan(0.3); // 8000/32768, neither lost nor amplified
  });

  it("writes a 16-bit mono WAV that reads back", () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1]);
    const wav = parseWav(toWav16(samples, 16_000))!;
    expect(wav.sampleRate).toBe(16_000);
    expect([...wav.samples]).toEqual([0, 16384, -16384, 32767, -32768]);
  });

  it("decodes the voicemail's MP3 and a WAV, and refuses anything else, naming the file", async () => {
    const mp3 = await decodeAudio(encodeMp3(tone(1, 16_000), 16_000, 32), "v.mp3");
    expect(mp3.sampleRate).toBe(16_000);
    expect(Math.abs(mp3.samples.length - 16_000)).toBeLessThan(2 * 1152);
    const wav = await decodeAudio(toWav16(Float32Array.from([0, 0.25]), 8000), "m.wav");
    expect(wav).toEqual({ samples: Float32Array.from([0, 0.25]), sampleRate: 8000 });
    await expect(decodeAudio(Buffer.from("plain text, not audio at all ".repeat(20)), "notes.txt")).rejects.toThrow(/notes\.txt/);
  });
});
