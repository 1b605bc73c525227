import { describe, expect, it } from "vitest";
import { sinePcm } from "@/lib/audio/wav-tone";
import { callerAddressOf } from "./inbound-calls";
import { trimSilence } from "./trim-silence";

const tone = (seconds: number, amplitude = 8000) => sinePcm(seconds, 300, { amplitude });

describe("trimSilence", () => {
  it("cuts the silence before and after the voice, keeping a quarter second either side", () => {
    const pcm = new Int16Array(8000 * 6);
    pcm.set(tone(2), 8000 * 2); // 2 s of silence, 2 s of voice, 2 s of silence
    const trimmed = trimSilence(pcm);
    expect(trimmed.length / 8000).toBeCloseTo(2.5, 1);
    expect(Math.max(...trimmed.slice(0, 1900).map(Math.abs))).toBe(0);
    expect(Math.max(...trimmed.slice(2100, 4000).map(Math.abs))).toBeGreaterThan(7000);
  });

  it("keeps a pause inside the message, and gives nothing for silence or line noise", () => {
    const pcm = new Int16Array(8000 * 5);
    pcm.set(tone(1), 8000);
    pcm.set(tone(1), 8000 * 3);
    expect(trimSilence(pcm).length / 8000).toBeCloseTo(3.5, 1);
    expect(trimSilence(new Int16Array(8000))).toHaveLength(0);
    expect(trimSilence(tone(3, 200))).toHaveLength(0);
  });
});

describe("callerAddressOf", () => {
  it.each([
    ["sip:+12025550143@trunk.example.net", "tel:12025550143"],
    ["sip:12025550143@10.0.0.1:5060;user=phone", "tel:12025550143"],
    ["sip:alice@PBX.Example.com:5080;transport=tcp", "sip:alice@pbx.example.com:5080"],
    ["tel:+12025550143", "tel:+12025550143"],
  ])("%s is %s", (uri, address) => {
    expect(callerAddressOf(uri)).toBe(address);
  });
});
