import { describe, expect, it } from "vitest";
import { decodeALaw, decodeMuLaw, encodeALaw, encodeMuLaw } from "./g711";

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);
const everySample = () => Int16Array.from({ length: 65536 }, (_, i) => i - 32768);

describe("G.711", () => {
  it("encodes silence and the extremes to the codes the standard gives", () => {
    expect([...encodeMuLaw(Int16Array.of(0, 32767, -32768, -1))]).toEqual([0xff, 0x80, 0x00, 0x7f]);
    expect([...encodeALaw(Int16Array.of(0, 32767, -32768, -1))]).toEqual([0xd5, 0xaa, 0x2a, 0x55]);
    expect([...decodeMuLaw(Uint8Array.of(0xff, 0x7f, 0x80, 0x00))]).toEqual([0, 0, 32124, -32124]);
    expect([...decodeALaw(Uint8Array.of(0xd5, 0x55, 0xaa, 0x2a))]).toEqual([8, -8, 32256, -32256]);
  });

  it("re-encodes every decoded code to itself (μ-law's negative zero 0x7f becomes 0xff)", () => {
    const mu = encodeMuLaw(decodeMuLaw(ALL_BYTES));
    expect([...mu].filter((code, byte) => code !== byte)).toEqual([0xff]);
    expect(mu[0x7f]).toBe(0xff);
    expect([...encodeALaw(decodeALaw(ALL_BYTES))]).toEqual([...ALL_BYTES]);
  });

  it("has monotonic decode tables: louder codes decode to larger magnitudes within each sign", () => {
    const mu = decodeMuLaw(ALL_BYTES);
    for (let code = 1; code < 128; code++) {
      expect(mu[code]!).toBeGreaterThan(mu[code - 1]!); // 0x00 (loudest negative) up to 0x7f (zero)
      expect(mu[128 + code]!).toBeLessThan(mu[127 + code]!); // 0x80 (loudest positive) down to 0xff (zero)
    }
    // A-law orders its codes once the even bits are inverted back (XOR 0x55).
    const a = decodeALaw(Uint8Array.from(ALL_BYTES, (k) => k ^ 0x55));
    for (let k = 1; k < 128; k++) {
      expect(a[k]!).toBeLessThan(a[k - 1]!);
      expect(a[128 + k]!).toBeGreaterThan(a[127 + k]!);
    }
  });

  it("keeps every 16-bit sample within its segment's quantisation step (about 3% of its size)", () => {
    const samples = everySample();
    for (const [encode, decode] of [
      [encodeMuLaw, decodeMuLaw],
      [encodeALaw, decodeALaw],
    ] as const) {
      const back = decode(encode(samples));
      let worst = 0;
      for (let i = 0; i < samples.length; i++) {
        const error = Math.abs(back[i]! - samples[i]!);
        // Below 512 the error is held to a few small steps; above it, to a fraction of the sample.
        worst = Math.max(worst, error / Math.max(Math.abs(samples[i]!), 512));
      }
      expect(worst).toBeLessThan(0.07);
    }
  });

  it("encodes a 1 kHz sine with a signal-to-noise ratio near G.711's 38 dB", () => {
    const sine = Int16Array.from({ length: 8000 }, (_, i) => Math.round(10_000 * Math.sin((2 * Math.PI * 1000 * i) / 8000 + 0.3)));
    for (const back of [decodeMuLaw(encodeMuLaw(sine)), decodeALaw(encodeALaw(sine))]) {
      let signal = 0;
      let noise = 0;
      for (let i = 0; i < sine.length; i++) {
        signal += sine[i]! ** 2;
        noise += (sine[i]! - back[i]!) ** 2;
      }
      expect(10 * Math.log10(signal / noise)).toBeGreaterThan(33);
    }
  });
});
