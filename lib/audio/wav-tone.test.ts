import { describe, expect, it } from "vitest";
import { toneWav } from "./wav-tone";

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
