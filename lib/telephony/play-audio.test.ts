import { describe, expect, it } from "vitest";
import { toneWav } from "@/lib/audio/wav-tone";
import { audioOfPlayItems } from "./play-audio";

describe("audioOfPlayItems", () => {
  it("decodes a media file through readMedia, cuts an item at its duration, and ends with 0.3 s of silence", async () => {
    const read = async (path: string) => (path === "/media/acme/prompts/tone.wav" ? toneWav(2, 1000) : undefined);
    const whole = await audioOfPlayItems([{ type: "file", value: "/media/acme/prompts/tone.wav" }], read);
    expect(whole.length).toBe(2 * 8000 + 2400);
    expect(Math.max(...whole.subarray(0, 16000).map(Math.abs))).toBeGreaterThan(7000);
    expect(Math.max(...whole.subarray(16000).map(Math.abs))).toBe(0);
    const cut = await audioOfPlayItems([{ type: "file", value: "/media/acme/prompts/tone.wav", duration: 1 }], read);
    expect(cut.length).toBe(8000 + 2400);
  });

  it("refuses a file readMedia does not give (another domain's, or none)", async () => {
    await expect(audioOfPlayItems([{ type: "file", value: "/media/other/x/y.wav" }], async () => undefined)).rejects.toThrow(
      /not in the call's domain/,
    );
    await expect(audioOfPlayItems([{ type: "file", value: "/media/other/x/y.wav" }])).rejects.toThrow(/not in the call's domain/);
  });
});
