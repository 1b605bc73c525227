import fs from "node:fs";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { sinePcm, toneHzOfPcm, toneWav } from "./wav-tone";
import { decodeMp3 } from "./decode-mp3";
import { audioSecondsOfPcm8k, mp3ToPcm8k, pcm8kToMp3, speechToPcm8k, wavToPcm8k } from "./pcm-8k";
import { findOnPath, SPEECH_COMMAND } from "./speech-synthesizer";

const peak = (pcm: Int16Array) => pcm.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
/** The steady middle of a signal, away from the resampler's and the codec's edges. */
const middle = (pcm: Int16Array) => pcm.subarray(Math.floor(pcm.length / 4), Math.floor((3 * pcm.length) / 4));

function stereoWav(seconds: number, rate: number, left: number, right: number): Buffer {
  const leftPcm = sinePcm(seconds, left, { sampleRate: rate });
  const rightPcm = sinePcm(seconds, right, { sampleRate: rate });
  const frames = leftPcm.length;
  const wav = Buffer.alloc(44 + frames * 4);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + frames * 4, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(2, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 4, 28);
  wav.writeUInt16LE(4, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(frames * 4, 40);
  for (let i = 0; i < frames; i++) {
    wav.writeInt16LE(leftPcm[i]!, 44 + i * 4);
    wav.writeInt16LE(rightPcm[i]!, 46 + i * 4);
  }
  return wav;
}

describe("8 kHz PCM", () => {
  it("keeps a 440 Hz tone's pitch and length from a 16 kHz WAV to 8 kHz PCM, to MP3 and back", async () => {
    const pcm = wavToPcm8k(Buffer.from(toneWav(2, 440, 16_000)));
    expect(pcm.length).toBe(16_000);
    expect(audioSecondsOfPcm8k(pcm)).toBe(2);
    expect(toneHzOfPcm(middle(pcm))).toBeGreaterThan(435);
    expect(toneHzOfPcm(middle(pcm))).toBeLessThan(445);
    expect(peak(middle(pcm))).toBeGreaterThan(7500);

    const mp3 = pcm8kToMp3(pcm);
    const decoded = await decodeMp3(mp3);
    expect(decoded.sampleRate).toBe(8000);
    expect(decoded.duration).toBe(2);
    const back = await mp3ToPcm8k(mp3);
    expect(Math.abs(audioSecondsOfPcm8k(back) - 2)).toBeLessThan(0.05);
    // The Info frame's delay and padding make it exact, and in step: not shifted by the codec's delay.
    expect(back.length).toBe(pcm.length);
    let error = 0;
    for (let i = 0; i < pcm.length; i++) error += Math.abs(back[i]! - pcm[i]!);
    expect(error / pcm.length).toBeLessThan(800);
    expect(toneHzOfPcm(middle(back))).toBeGreaterThan(435);
    expect(toneHzOfPcm(middle(back))).toBeLessThan(445);
    expect(peak(middle(back))).toBeGreaterThan(6000);
  });

  it("reads stereo WAV at 44.1 kHz, mixing its channels", () => {
    const pcm = wavToPcm8k(stereoWav(1, 44_100, 440, 440));
    expect(Math.abs(pcm.length - 8000)).toBeLessThanOrEqual(1);
    expect(Math.abs(toneHzOfPcm(middle(pcm)) - 440)).toBeLessThan(6);
    // A silent right channel halves the level: the mix is the two channels' mean.
    const halved = wavToPcm8k(stereoWav(1, 44_100, 440, 0));
    expect(peak(middle(halved))).toBeLessThan(peak(middle(pcm)) * 0.6);
    expect(peak(middle(halved))).toBeGreaterThan(peak(middle(pcm)) * 0.4);
  });

  it("low-passes before going down to 8 kHz: a 6 kHz tone does not come back as a 2 kHz alias", () => {
    const high = wavToPcm8k(Buffer.from(toneWav(1, 6000, 16_000)));
    const low = wavToPcm8k(Buffer.from(toneWav(1, 2000, 16_000)));
    expect(peak(middle(low))).toBeGreaterThan(7000);
    expect(peak(middle(high))).toBeLessThan(400);
  });

  it("refuses what is not a 16-bit PCM WAV, and bytes that are not MP3", async () => {
    expect(() => wavToPcm8k(Buffer.from("RIFF....WAVEnothing here at all, not even a fmt chunk"))).toThrow(/not a 16-bit/);
    const eightBit = Buffer.from(toneWav(1));
    eightBit.writeUInt16LE(8, 34);
    expect(() => wavToPcm8k(eightBit)).toThrow(/not a 16-bit/);
    await expect(mp3ToPcm8k(Buffer.from("definitely not an MP3 file, just some text".repeat(20)))).rejects.toThrow();
  });

  it("speaks text with flite at 8 kHz, and is undefined without it, leaving no temporary folder", async () => {
    const before = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("speech-8k-")).length;
    expect(await speechToPcm8k("hello", "/nonexistent/flite")).toBeUndefined();
    expect(await speechToPcm8k("hello", "no-such-synthesizer-here")).toBeUndefined();
    if (findOnPath(SPEECH_COMMAND, process.env.PATH)) {
      const speech = await speechToPcm8k("Please leave a message after the tone.");
      expect(speech).toBeDefined();
      expect(audioSecondsOfPcm8k(speech!)).toBeGreaterThan(1);
      expect(audioSecondsOfPcm8k(speech!)).toBeLessThan(6);
      expect(peak(speech!)).toBeGreaterThan(3000);
    } else console.warn("flite is not installed: only the undefined case of speechToPcm8k ran");
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("speech-8k-")).length).toBe(before);
  });
});
