import { describe, expect, it } from "vitest";
import { decodeMp3 } from "./decode-mp3";
import { silentMp3 } from "./silent-mp3";

describe("silentMp3", () => {
  it.each([1, 2, 37.5, 600])("decodes as %s s of silence (to a frame, 36 ms)", async (seconds) => {
    const decoded = await decodeMp3(silentMp3(seconds));
    expect(decoded.sampleRate).toBe(16_000);
    expect(decoded.duration).toBeGreaterThanOrEqual(seconds);
    expect(decoded.duration - seconds).toBeLessThan(0.036);
    expect(decoded.peak).toBe(0);
  });

  it("is one frame for nothing at all, so the file is still audio", async () => {
    const bytes = silentMp3(0);
    expect(bytes.length).toBe(36);
    expect((await decodeMp3(bytes)).duration).toBeCloseTo(0.036, 3);
  });
});
