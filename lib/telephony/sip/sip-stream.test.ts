import { describe, expect, it } from "vitest";
import { MAX_SIP_HEAD_BYTES, SipStreamFramer } from "./sip-stream";

const invite = (body: string) =>
  `INVITE sip:bob@127.0.0.1 SIP/2.0\r\nVia: SIP/2.0/TCP 127.0.0.1:5070;branch=z9hG4bK1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const ok = "SIP/2.0 200 OK\r\nl: 0\r\n\r\n";

describe("SipStreamFramer", () => {
  it("splits messages that arrive together, and keeps a body by its byte length (UTF-8)", () => {
    const framer = new SipStreamFramer();
    const body = "v=0\r\ns=Zoë\r\n";
    expect(framer.push(Buffer.from(invite(body) + ok))).toEqual([invite(body), ok]);
  });

  it("waits for the rest of a message cut anywhere, head or body", () => {
    const framer = new SipStreamFramer();
    const whole = Buffer.from(invite("v=0\r\n") + ok);
    const seen: string[] = [];
    for (let i = 0; i < whole.length; i += 7) seen.push(...framer.push(whole.subarray(i, i + 7)));
    expect(seen).toEqual([invite("v=0\r\n"), ok]);
  });

  it("skips CRLF keep-alives between messages", () => {
    const framer = new SipStreamFramer();
    expect(framer.push(Buffer.from(`\r\n\r\n${ok}\r\n\r\n`))).toEqual([ok]);
    expect(framer.push(Buffer.from(ok))).toEqual([ok]);
  });

  it("refuses a head that never ends instead of buffering without bound", () => {
    const framer = new SipStreamFramer();
    expect(() => framer.push(Buffer.alloc(MAX_SIP_HEAD_BYTES + 1, "a"))).toThrow(/64 KB/);
  });
});
