import { describe, expect, it } from "vitest";
import { sinePcm, toneHzOfPcm, toneWav } from "./wav-tone";

const peak = (pcm: Int16Array) => pcm.reduce((max, s) => Math.max(max, Math.abs(s)), 0);

describe("sinePcm", () => {
  it("is seconds times the rate of samples, at the tone's pitch and peak", () => {
    const pcm = sinePcm(0.4, 1000, { amplitude: 9000 });
    expect(pcm).toHaveLength(3200);
    expect(peak(pcm)).toBe(9000);
    expect(toneHzOfPcm(pcm)).toBeCloseTo(1000, -1);
    expect(sinePcm(1, 440, { sampleRate: 22_050 })).toHaveLength(22_050);
  });

  it("rises from silence and falls back to it over the fade", () => {
    const pcm = sinePcm(1, 440, { sampleRate: 16_000, fadeMs: 20 });
    expect([pcm[0], pcm.at(-1)]).toEqual([0, 0]);
    expect(peak(pcm.subarray(0, 80))).toBeLessThan(2500);
    expect(peak(pcm.subarray(320, 640))).toBeGreaterThan(7900);
  });
});

describe("toneWav", () => {
  it("writes a RIFF/WAVE header whose sizes match the samples", () => {
    const wav = Buffer.from(toneWav(1.5));
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt32LE(40)).toBe(12_000 * 2);
    expect(wav.length).toBe(44 + 24_000);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  });
});
