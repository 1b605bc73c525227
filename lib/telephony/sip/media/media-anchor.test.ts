import { describe, expect, it } from "vitest";
import { mixPcm } from "./media-anchor";

describe("mixPcm", () => {
  it("sums two sides sample by sample, as long as the longer, clipped at 16 bits", () => {
    const mixed = mixPcm(Int16Array.from([1000, -2000, 30000, -30000]), Int16Array.from([500, 500, 10000, -10000, 7]));
    expect([...mixed]).toEqual([1500, -1500, 32767, -32768, 7]);
    expect(mixPcm(new Int16Array(0), new Int16Array(0))).toHaveLength(0);
  });
});
