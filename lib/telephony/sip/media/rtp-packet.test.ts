import { describe, expect, it } from "vitest";
import { buildRtpPacket, parseRtpPacket } from "./rtp-packet";

const packet = { payloadType: 8, marker: true, sequence: 65535, timestamp: 0xfffffff0, ssrc: 0xdeadbeef, payload: Uint8Array.of(1, 2, 3) };

describe("RTP packets", () => {
  it("writes the RFC 3550 header and reads it back", () => {
    const bytes = buildRtpPacket(packet);
    expect([...bytes.subarray(0, 12)]).toEqual([0x80, 0x88, 0xff, 0xff, 0xff, 0xff, 0xff, 0xf0, 0xde, 0xad, 0xbe, 0xef]);
    expect(parseRtpPacket(bytes)).toEqual(packet);
    expect(buildRtpPacket({ ...packet, marker: false, payloadType: 0 })[1]).toBe(0x00);
  });

  it("skips CSRCs and a header extension, and removes padding", () => {
    const header = Buffer.from(buildRtpPacket({ ...packet, payload: new Uint8Array() }));
    header[0] = 0x80 | 0x20 | 0x10 | 2; // padding, extension, two CSRCs
    const csrcs = Buffer.alloc(8, 0x11);
    const extension = Buffer.from([0xbe, 0xde, 0x00, 0x01, 9, 9, 9, 9]); // one 32-bit word of extension
    const payload = Buffer.from([7, 8, 9, 10, 11]);
    const padding = Buffer.from([0, 0, 3]);
    const parsed = parseRtpPacket(Buffer.concat([header, csrcs, extension, payload, padding]));
    expect(parsed).toMatchObject({ payloadType: 8, marker: true, sequence: 65535, ssrc: 0xdeadbeef });
    expect([...parsed!.payload]).toEqual([7, 8, 9, 10, 11]);
  });

  it("reads a packet inside a larger buffer at its own offset", () => {
    const big = Buffer.concat([Buffer.from([1, 2, 3]), buildRtpPacket(packet)]);
    expect(parseRtpPacket(big.subarray(3))).toEqual(packet);
  });

  it("returns null for garbage: short, another version, RTCP, lengths that overrun", () => {
    const good = buildRtpPacket(packet);
    expect(parseRtpPacket(new Uint8Array(11))).toBeNull();
    expect(parseRtpPacket(Buffer.from("hello, this is not RTP"))).toBeNull();
    const v1 = Buffer.from(good);
    v1[0] = 0x40;
    expect(parseRtpPacket(v1)).toBeNull();
    const rtcp = Buffer.from(good);
    rtcp[1] = 200; // a sender report
    expect(parseRtpPacket(rtcp)).toBeNull();
    const tooManyCsrcs = Buffer.from(good);
    tooManyCsrcs[0] = 0x80 | 15;
    expect(parseRtpPacket(tooManyCsrcs)).toBeNull();
    const extensionOverrun = Buffer.concat([good.subarray(0, 12), Buffer.from([0, 0, 0, 50])]);
    extensionOverrun[0] = 0x90;
    expect(parseRtpPacket(extensionOverrun)).toBeNull();
    const paddingOverrun = Buffer.from(good);
    paddingOverrun[0] = 0xa0;
    paddingOverrun[paddingOverrun.length - 1] = 200;
    expect(parseRtpPacket(paddingOverrun)).toBeNull();
    paddingOverrun[paddingOverrun.length - 1] = 0;
    expect(parseRtpPacket(paddingOverrun)).toBeNull();
  });

  it("never throws on random bytes", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff;
    for (let i = 0; i < 2000; i++) {
      const bytes = Uint8Array.from({ length: i % 40 }, random);
      bytes[0] = (bytes[0]! & 0x3f) | 0x80;
      const parsed = parseRtpPacket(bytes);
      if (parsed) expect(parsed.payload.byteOffset + parsed.payload.length).toBeLessThanOrEqual(bytes.byteOffset + bytes.length);
    }
  });
});
