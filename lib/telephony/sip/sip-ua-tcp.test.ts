import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { buildSdp } from "./media/sdp";
import { formatSipMessage, header, headerList, parseSipMessage, type SipRequest } from "./sip-message";
import { scriptedResponse } from "./scripted-peer";
import { SipStreamFramer } from "./sip-stream";
import { SipUserAgent } from "./sip-ua";

// SipUserAgent over TCP against a far end on 127.0.0.1 written by hand: the INVITE, its answers and
// the ACK share one connection, nothing is retransmitted, and the far end's BYE may come on a new
// connection to our port, whose answer goes back on it.

const OFFER = buildSdp({ address: "127.0.0.1", port: 40000, sessionId: 1, sessionVersion: 1 });

/** A TCP far end: every request it reads, with the connection it came on. */
async function tcpFarEnd() {
  const requests: { request: SipRequest; connection: net.Socket }[] = [];
  const server = net.createServer((connection) => {
    connection.on("error", () => undefined); // the user agent's stop resets it
    const framer = new SipStreamFramer();
    connection.on("data", (chunk) => {
      for (const text of framer.push(chunk)) {
        const message = parseSipMessage(text);
        if (message && "method" in message) requests.push({ request: message, connection });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const next = async (method: string, index = 0) => {
    const deadline = Date.now() + 4000;
    for (;;) {
      const found = requests.filter((entry) => entry.request.method === method)[index];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${method} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const respond = (
    { request, connection }: { request: SipRequest; connection: net.Socket },
    status: string,
    extra: [string, string][] = [],
    body = "",
  ) => connection.write(scriptedResponse(request, status, extra, body, "far1"));
  const count = (method: string) => requests.filter((entry) => entry.request.method === method).length;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, next, respond, count, server, close };
}

describe("SipUserAgent over TCP", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("calls a ;transport=tcp target on one connection without retransmitting, and answers the far end's BYE on its own", async () => {
    const far = await tcpFarEnd();
    const ua = await SipUserAgent.start({ host: "127.0.0.1" });
    cleanups.push(
      () => far.close(),
      () => ua.stop(),
    );
    let hungUp = false;
    const states: (string | null)[] = [];
    const call = ua.invite(`sip:bob@127.0.0.1:${far.port};transport=tcp`, {
      sdp: OFFER,
      ringSeconds: 10,
      onResponse: (_, state) => states.push(state),
      onHangup: () => (hungUp = true),
    });

    const invite = await far.next("INVITE");
    expect(headerList(invite.request, "via")[0]).toMatch(/^SIP\/2\.0\/TCP 127\.0\.0\.1:\d+;branch=z9hG4bK/);
    expect(header(invite.request, "contact")).toBe(`<sip:switchboard@127.0.0.1:${ua.port};transport=tcp>`);
    expect(header(invite.request, "content-length")).toBe(String(Buffer.byteLength(OFFER)));
    // UDP would have sent the INVITE again after 500 ms and 1.5 s.
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(far.count("INVITE")).toBe(1);

    far.respond(invite, "180 Ringing");
    const answerSdp = buildSdp({ address: "127.0.0.1", port: 41000, sessionId: 5, sessionVersion: 1 });
    far.respond(
      invite,
      "200 OK",
      [
        ["Contact", `<sip:bob@127.0.0.1:${far.port};transport=tcp>`],
        ["Content-Type", "application/sdp"],
      ],
      answerSdp,
    );
    const outcome = await call.outcome;
    expect(outcome).toMatchObject({ status: 200, state: "answered", answer: { address: "127.0.0.1", port: 41000 } });
    expect(states).toEqual(["ringing", "answered"]);
    const ack = await far.next("ACK");
    expect(ack.connection).toBe(invite.connection);
    expect(ack.request.uri).toBe(`sip:bob@127.0.0.1:${far.port};transport=tcp`);

    // The far end hangs up over a connection of its own to our TCP port.
    const bye = formatSipMessage(`BYE sip:switchboard@127.0.0.1:${ua.port};transport=tcp SIP/2.0`, [
      ["Via", `SIP/2.0/TCP 127.0.0.1:${far.port};branch=z9hG4bKfarbye`],
      ["From", header(ack.request, "to")!],
      ["To", header(ack.request, "from")!],
      ["Call-ID", header(ack.request, "call-id")!],
      ["CSeq", "1 BYE"],
    ]);
    const connection = net.connect(ua.port, "127.0.0.1").on("error", () => undefined);
    cleanups.push(() => connection.destroy());
    const framer = new SipStreamFramer();
    const answered = new Promise<string>((resolve) => connection.on("data", (chunk) => framer.push(chunk).forEach(resolve)));
    connection.write(bye);
    expect(await answered).toMatch(/^SIP\/2\.0 200 OK\r\n/);
    expect(hungUp).toBe(true);
  });

  it("hangs up a TCP call with a BYE to the far end's Contact, over TCP", async () => {
    const far = await tcpFarEnd();
    const ua = await SipUserAgent.start({ host: "127.0.0.1" });
    cleanups.push(
      () => far.close(),
      () => ua.stop(),
    );
    const call = ua.invite(`sip:bob@127.0.0.1:${far.port};transport=tcp`, { sdp: OFFER });
    const invite = await far.next("INVITE");
    const answerSdp = buildSdp({ address: "127.0.0.1", port: 41000, sessionId: 5, sessionVersion: 1 });
    // A Contact without ;transport=: in-dialog requests stay on the dialog's transport.
    far.respond(
      invite,
      "200 OK",
      [
        ["Contact", `<sip:bob@127.0.0.1:${far.port}>`],
        ["Content-Type", "application/sdp"],
      ],
      answerSdp,
    );
    await call.outcome;
    await far.next("ACK");
    call.hangup();
    const bye = await far.next("BYE");
    expect(bye.connection).toBe(invite.connection);
    expect(headerList(bye.request, "via")[0]).toMatch(/^SIP\/2\.0\/TCP /);
    far.respond(bye, "200 OK");
  });

  it("ends a call at once as failed (503) when its TCP connection cannot be made, not after the 32 s timeout", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const ua = await SipUserAgent.start({ host: "127.0.0.1" });
    cleanups.push(() => ua.stop());
    const started = Date.now();
    const outcome = await ua.invite(`sip:bob@127.0.0.1:${port};transport=tcp`, { sdp: OFFER }).outcome;
    expect(outcome).toMatchObject({ status: 503, state: "failed", reason: expect.stringContaining("ECONNREFUSED") });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
