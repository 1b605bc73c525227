import dgram from "node:dgram";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IncomingCall } from "./incoming-call";
import { formatSipMessage, header, headerParam, parseSipMessage, type SipRequest, type SipResponse } from "./sip-message";
import { SipUserAgent } from "./sip-ua";

// The INVITE server side of SipUserAgent: a caller on 127.0.0.1 written by hand (a raw UDP socket)
// calls the user agent, which answers, refuses or is cancelled.

const OFFER = "v=0\r\no=caller 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40000 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n";

class Caller {
  readonly messages: Array<SipRequest | SipResponse> = [];
  private constructor(readonly socket: dgram.Socket) {
    socket.on("message", (data) => {
      const message = parseSipMessage(data.toString("utf8"));
      if (message) this.messages.push(message);
    });
  }

  static async start(): Promise<Caller> {
    const socket = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
    return new Caller(socket);
  }

  get port(): number {
    return this.socket.address().port;
  }

  responses(status: number, method = "INVITE"): SipResponse[] {
    return this.messages.filter((m): m is SipResponse => "status" in m && m.status === status && !!header(m, "cseq")?.endsWith(method));
  }

  requests(method: string): SipRequest[] {
    return this.messages.filter((m): m is SipRequest => "method" in m && m.method === method);
  }

  async until<T>(read: () => T | undefined, what: string, ms = 4000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`never: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  send(text: string, port: number): void {
    this.socket.send(text, port, "127.0.0.1");
  }

  invite(uaPort: number, callId: string, branch = "z9hG4bKinv1"): string {
    const text = formatSipMessage(
      `INVITE sip:+15550100123@127.0.0.1:${uaPort} SIP/2.0`,
      [
        ["Via", `SIP/2.0/UDP 127.0.0.1:${this.port};branch=${branch};rport`],
        ["Max-Forwards", "70"],
        ["From", `<sip:+12025550143@127.0.0.1:${this.port}>;tag=caller1`],
        ["To", `<sip:+15550100123@127.0.0.1:${uaPort}>`],
        ["Call-ID", callId],
        ["CSeq", "1 INVITE"],
        ["Contact", `<sip:caller@127.0.0.1:${this.port}>`],
        ["Content-Type", "application/sdp"],
      ],
      OFFER,
    );
    this.send(text, uaPort);
    return text;
  }

  /** A request of the caller's in the dialog (ACK, BYE) or on the INVITE's transaction (CANCEL: same branch, To as sent). */
  inDialog(uaPort: number, callId: string, method: string, cseq: number, to: string, branch: string): void {
    this.send(
      formatSipMessage(`${method} sip:switchboard@127.0.0.1:${uaPort} SIP/2.0`, [
        ["Via", `SIP/2.0/UDP 127.0.0.1:${this.port};branch=${branch};rport`],
        ["Max-Forwards", "70"],
        ["From", `<sip:+12025550143@127.0.0.1:${this.port}>;tag=caller1`],
        ["To", to],
        ["Call-ID", callId],
        ["CSeq", `${cseq} ${method}`],
      ]),
      uaPort,
    );
  }

  close(): void {
    this.socket.close();
  }
}

describe("SipUserAgent answering an INVITE (IncomingCall)", () => {
  let ua: SipUserAgent;
  let caller: Caller;
  const arrived: IncomingCall[] = [];

  beforeEach(async () => {
    ua = await SipUserAgent.start({ host: "127.0.0.1" });
    ua.acceptCalls((call) => arrived.push(call));
    caller = await Caller.start();
    arrived.length = 0;
  });

  afterEach(async () => {
    await ua.stop();
    caller.close();
  });

  it("sends 100 at once, rings with a tag, answers with SDP until ACKed, and takes the caller's BYE", async () => {
    caller.invite(ua.port, "call-a");
    await caller.until(() => caller.responses(100)[0], "100 Trying");
    const call = await caller.until(() => arrived[0], "the call handed over");
    expect(call.calledUser).toBe("+15550100123");
    expect(call.fromUri).toBe(`sip:+12025550143@127.0.0.1:${caller.port}`);
    expect(call.offerSdp).toBe(OFFER);
    // The INVITE again (its 100 lost): the same call, answered again, not handed over twice.
    caller.invite(ua.port, "call-a");
    await caller.until(() => (caller.responses(100).length >= 2 ? true : undefined), "100 again");
    expect(arrived).toHaveLength(1);

    call.ring();
    const ringing = await caller.until(() => caller.responses(180)[0], "180 Ringing");
    const tag = headerParam(header(ringing, "to"), "tag");
    expect(tag).toMatch(/^[0-9a-f]{16}$/);

    let hungUp = 0;
    call.listen({ onHangup: () => hungUp++ });
    const acked = call.answer("v=0\r\nanswer\r\n");
    const ok = await caller.until(() => caller.responses(200)[0], "200 OK");
    expect(headerParam(header(ok, "to"), "tag")).toBe(tag);
    expect(header(ok, "content-type")).toBe("application/sdp");
    expect(ok.body).toBe("v=0\r\nanswer\r\n");
    // Without an ACK, the 200 comes again after T1 (500 ms).
    await caller.until(() => (caller.responses(200).length >= 2 ? true : undefined), "200 again", 2000);
    caller.inDialog(ua.port, "call-a", "ACK", 1, header(ok, "to")!, "z9hG4bKack1");
    expect(await acked).toBe(true);
    const afterAck = caller.responses(200).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(caller.responses(200).length, "no 200 after the ACK").toBe(afterAck);

    caller.inDialog(ua.port, "call-a", "BYE", 2, header(ok, "to")!, "z9hG4bKbye1");
    await caller.until(() => caller.responses(200, "BYE")[0], "200 to the BYE");
    expect(hungUp).toBe(1);
    expect(call.ended).toBe(true);
  });

  it("a CANCEL while ringing: 200 to the CANCEL, 487 to the INVITE until its ACK, and the listener hears it", async () => {
    caller.invite(ua.port, "call-b", "z9hG4bKinv2");
    const call = await caller.until(() => arrived[0], "the call handed over");
    call.ring();
    let cancelled = 0;
    call.listen({ onCancel: () => cancelled++ });
    await caller.until(() => caller.responses(180)[0], "180");
    caller.inDialog(ua.port, "call-b", "CANCEL", 1, `<sip:+15550100123@127.0.0.1:${ua.port}>`, "z9hG4bKinv2");
    await caller.until(() => caller.responses(200, "CANCEL")[0], "200 to the CANCEL");
    const terminated = await caller.until(() => caller.responses(487)[0], "487");
    expect(cancelled).toBe(1);
    expect(await call.answer("v=0\r\n"), "a cancelled call cannot be answered").toBe(false);
    caller.inDialog(ua.port, "call-b", "ACK", 1, header(terminated, "to")!, "z9hG4bKinv2");
    const seen = caller.responses(487).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(caller.responses(487).length, "no 487 after the ACK").toBe(seen);
    expect(caller.responses(200, "INVITE")).toEqual([]);
  });

  it("our BYE goes to the caller's Contact in the dialog: From with our tag, To with the caller's", async () => {
    caller.invite(ua.port, "call-c", "z9hG4bKinv3");
    const call = await caller.until(() => arrived[0], "the call handed over");
    const acked = call.answer("v=0\r\n");
    const ok = await caller.until(() => caller.responses(200)[0], "200");
    caller.inDialog(ua.port, "call-c", "ACK", 1, header(ok, "to")!, "z9hG4bKack3");
    await acked;
    const status = call.bye();
    const bye = await caller.until(() => caller.requests("BYE")[0], "our BYE");
    expect(bye.uri).toBe(`sip:caller@127.0.0.1:${caller.port}`);
    expect(header(bye, "from")).toBe(header(ok, "to"));
    expect(headerParam(header(bye, "to"), "tag")).toBe("caller1");
    expect(header(bye, "cseq")).toMatch(/^\d+ BYE$/);
    const via = header(bye, "via")!;
    caller.send(
      formatSipMessage("SIP/2.0 200 OK", [
        ["Via", via],
        ["From", header(bye, "from")!],
        ["To", header(bye, "to")!],
        ["Call-ID", "call-c"],
        ["CSeq", header(bye, "cseq")!],
      ]),
      ua.port,
    );
    expect(await status).toBe(200);
  });

  it("a refusal is sent again until its ACK; an INVITE with no handler still gets 481", async () => {
    caller.invite(ua.port, "call-d", "z9hG4bKinv4");
    const call = await caller.until(() => arrived[0], "the call handed over");
    call.reject(404, "Not Found");
    await caller.until(() => (caller.responses(404).length >= 2 ? true : undefined), "404 twice (no ACK yet)", 2000);

    const plain = await SipUserAgent.start({ host: "127.0.0.1" });
    try {
      caller.invite(plain.port, "call-e", "z9hG4bKinv5");
      await caller.until(() => caller.responses(481)[0], "481 without a handler");
    } finally {
      await plain.stop();
    }
  });
});
