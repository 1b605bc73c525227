import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodeMp3 } from "./decode-mp3";
import { findOnPath, SPEECH_COMMAND, SPEECH_INSTALL_COMMAND } from "./speech-synthesizer";
import { parseWav, synthesizeMp3, tone } from "./synthesize-mp3";

// One MP3 frame of encoder delay and padding at most, either side (flite's kal16 voice: 16 kHz).
const FRAME_SLACK = 2 * (1152 / 16_000);

const synthesizer = findOnPath(SPEECH_COMMAND, process.env.PATH);
const withSynthesizer = it.skipIf(!synthesizer);
if (!synthesizer) console.warn(`SKIPPED: the speech tests need ${SPEECH_COMMAND}, which is not installed (${SPEECH_INSTALL_COMMAND})`);

describe("synthesizeMp3", { timeout: 30_000 }, () => {
  withSynthesizer(`speaks the text with ${SPEECH_COMMAND} into a 16 kHz MP3 that decodes to the same duration`, async () => {
    const mp3 = await synthesizeMp3("Hello, this is the simulator leaving you a voicemail. Call me back.");
    expect(mp3.source).toBe("speech");
    expect(mp3.bytes.subarray(0, 2).readUInt16BE(0) & 0xffe0).toBe(0xffe0); // an MPEG frame sync, no ID3 tag
    expect(mp3.duration).toBeGreaterThan(2);
    const decoded = await decodeMp3(mp3.bytes);
    expect(decoded.sampleRate).toBe(16_000);
    expect(Math.abs(decoded.duration - mp3.duration)).toBeLessThan(FRAME_SLACK);
    expect(decoded.peak).toBeGreaterThan(0.05); // speech, not silence
  });

  withSynthesizer("longer text is longer audio", async () => {
    const [short, long] = await Promise.all([
      synthesizeMp3("Hi."),
      synthesizeMp3("Hi. ".repeat(3) + "This message is quite a bit longer than the other one."),
    ]);
    expect(long.duration).toBeGreaterThan(short.duration + 1);
  });

  it("falls back to a tone of the asked length when the synthesiser cannot run", async () => {
    const mp3 = await synthesizeMp3("anything", { speechCommand: "/nonexistent/flite", toneSeconds: 2.5 });
    expect(mp3.source).toBe("tone");
    expect(mp3.duration).toBe(2.5);
    const decoded = await decodeMp3(mp3.bytes);
    expect(Math.abs(decoded.duration - 2.5)).toBeLessThan(FRAME_SLACK);
    expect(decoded.peak).toBeGreaterThan(0.1);
  });

  withSynthesizer("text that looks like an option is spoken, not obeyed", async () => {
    const target = path.join(os.tmpdir(), `${randomUUID()}.wav`);
    const mp3 = await synthesizeMp3(`--version -o ${target}`);
    expect(mp3.source).toBe("speech");
    expect(fs.existsSync(target)).toBe(false);
    expect((await decodeMp3(mp3.bytes)).duration).toBeGreaterThan(0.5);
  });
});

describe("decodeMp3", () => {
  it("refuses bytes that are not MP3", async () => {
    await expect(decodeMp3(Buffer.from("this is plain text, not audio at all".repeat(20)))).rejects.toThrow(/Not a valid MP3/);
  });
});

describe("parseWav", () => {
  it("reads 16-bit mono PCM and refuses anything else", () => {
    const samples = tone(0.01, 8000);
    const header = Buffer.alloc(44);
    header.write("RIFF", 0, "ascii");
    header.write("WAVE", 8, "ascii");
    header.write("fmt ", 12, "ascii");
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(8000, 24);
    header.writeUInt16LE(16, 34);
    header.write("data", 36, "ascii");
    header.writeUInt32LE(0x7ffff000, 40); // the size a pipe cannot know
    const wav = Buffer.concat([header, Buffer.from(samples.buffer)]);
    expect(parseWav(wav)).toEqual({ samples, sampleRate: 8000 });
    const stereo = Buffer.from(wav);
    stereo.writeUInt16LE(2, 22);
    expect(parseWav(stereo)).toBeNull();
    expect(parseWav(Buffer.from("RIFF not really"))).toBeNull();
  });
});
