import { afterEach, describe, expect, it } from "vitest";
import { digestResponse } from "./digest";
import { buildSdp } from "./media/sdp";
import { dtmfDigitOfInfo, formatSipMessage, header, headerList, headerParam } from "./sip-message";
import { ScriptedPeer } from "./scripted-peer";
import { SipUserAgent } from "./sip-ua";

// SipUserAgent against a scripted far end on 127.0.0.1 (signalling only, no media): what a trunk
// does that baresip does not (digest challenges, a BYE from the far end).

const OFFER = buildSdp({ address: "127.0.0.1", port: 40000, sessionId: 1, sessionVersion: 1 });
const CREDENTIALS = { username: "trunkuser", password: "s3cret" };

describe("SipUserAgent against a scripted far end", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp() {
    const peer = await ScriptedPeer.start();
    cleanups.push(() => peer.close());
    const ua = await SipUserAgent.start({ host: "127.0.0.1" });
    cleanups.push(() => ua.stop());
    return { peer, ua, target: `sip:15550100001@127.0.0.1:${peer.port}` };
  }

  it("answers a 401 with the digest of the credentials, then takes the answer, ACKs, and reports the far end's BYE", async () => {
    const { peer, ua, target } = await setUp();
    const states: (string | null)[] = [];
    let hungUp = false;
    const call = ua.invite(target, {
      sdp: OFFER,
      credentials: CREDENTIALS,
      onResponse: (_, state) => states.push(state),
      onHangup: () => (hungUp = true),
    });

    const first = await peer.next("INVITE");
    expect(header(first.request, "authorization")).toBeUndefined();
    expect(first.request.body).toBe(OFFER);
    peer.respond(first.request, first.port, "401 Unauthorized", [
      ["WWW-Authenticate", 'Digest realm="trunk.example", nonce="n0nce", qop="auth", opaque="op"'],
    ]);
    const ackOf401 = await peer.next("ACK");
    expect(headerParam(headerList(ackOf401.request, "via")[0], "branch")).toBe(headerParam(headerList(first.request, "via")[0], "branch"));
    expect(header(ackOf401.request, "cseq")).toBe("1 ACK");

    const second = await peer.next("INVITE");
    expect(header(second.request, "cseq")).toBe("2 INVITE");
    expect(header(second.request, "call-id")).toBe(header(first.request, "call-id"));
    const fields = Object.fromEntries([...header(second.request, "authorization")!.matchAll(/(\w+)="?([^",]*)"?/g)].map((m) => [m[1], m[2]]));
    expect(fields).toMatchObject({ realm: "trunk.example", username: "trunkuser", uri: target, qop: "auth", nc: "00000001", opaque: "op" });
    const expected = digestResponse({
      ...CREDENTIALS,
      realm: "trunk.example",
      method: "INVITE",
      uri: target,
      nonce: "n0nce",
      qop: "auth",
      nc: "00000001",
      cnonce: fields.cnonce,
    });
    expect(fields.response).toBe(expected);

    peer.respond(second.request, second.port, "180 Ringing");
    const answerSdp = buildSdp({ address: "127.0.0.1", port: 41000, sessionId: 5, sessionVersion: 1 });
    peer.respond(
      second.request,
      second.port,
      "200 OK",
      [
        ["Contact", `<sip:far@127.0.0.1:${peer.port}>`],
        ["Content-Type", "application/sdp"],
      ],
      answerSdp,
    );
    const outcome = await call.outcome;
    expect(outcome).toMatchObject({ status: 200, state: "answered", answer: { address: "127.0.0.1", port: 41000 } });
    expect(states).toEqual(["ringing", "answered"]);

    const ack = await peer.next("ACK");
    expect(ack.request.uri).toBe(`sip:far@127.0.0.1:${peer.port}`);
    expect(header(ack.request, "cseq")).toBe("2 ACK");
    expect(headerParam(header(ack.request, "to"), "tag")).toBe("peer1");

    // The far end hangs up.
    const byeText = formatSipMessage(`BYE sip:switchboard@127.0.0.1:${ua.port} SIP/2.0`, [
      ["Via", `SIP/2.0/UDP 127.0.0.1:${peer.port};branch=z9hG4bKfarbye`],
      ["From", header(ack.request, "to")!],
      ["To", header(ack.request, "from")!],
      ["Call-ID", header(ack.request, "call-id")!],
      ["CSeq", "1 BYE"],
    ]);
    const answered = new Promise<string>((resolve) => peer.socket.once("message", (data) => resolve(data.toString())));
    peer.socket.send(byeText, ua.port, "127.0.0.1");
    expect(await answered).toMatch(/^SIP\/2\.0 200 OK\r\n/);
    expect(hungUp).toBe(true);
  });

  it("answers a 407 with Proxy-Authorization, and a busy far end ends the leg as busy", async () => {
    const { peer, ua, target } = await setUp();
    const call = ua.invite(target, { sdp: OFFER, credentials: CREDENTIALS });
    const first = await peer.next("INVITE");
    peer.respond(first.request, first.port, "407 Proxy Authentication Required", [
      ["Proxy-Authenticate", 'Digest realm="proxy", nonce="abc", algorithm=MD5'],
    ]);
    expect(header((await peer.next("ACK")).request, "cseq")).toBe("1 ACK");
    const second = await peer.next("INVITE");
    const value = header(second.request, "proxy-authorization")!;
    const expected = digestResponse({ ...CREDENTIALS, realm: "proxy", method: "INVITE", uri: target, nonce: "abc" });
    expect(value).toContain(`response="${expected}"`);
    expect(value).not.toContain("qop=");
    peer.respond(second.request, second.port, "486 Busy Here");
    expect(await call.outcome).toMatchObject({ status: 486, state: "busy" });
    expect(header((await peer.next("ACK")).request, "cseq")).toBe("2 ACK");
    // The 486 again, as if our ACK was lost: it is ACKed again.
    peer.respond(second.request, second.port, "486 Busy Here");
    await peer.countReaches("ACK", 3);
  });

  it("rings the authenticated INVITE for the whole ring time too: no answer, and it is cancelled as noanswer", async () => {
    const { peer, ua, target } = await setUp();
    const call = ua.invite(target, { sdp: OFFER, credentials: CREDENTIALS, ringSeconds: 1 });
    const first = await peer.next("INVITE");
    peer.respond(first.request, first.port, "407 Proxy Authentication Required", [["Proxy-Authenticate", 'Digest realm="proxy", nonce="n1"']]);
    const second = await peer.next("INVITE");
    peer.respond(second.request, second.port, "180 Ringing");
    // Found against kamailio: the 407 stopped the ring timer, and the authenticated call rang for ever.
    const cancel = await peer.next("CANCEL");
    expect(header(cancel.request, "cseq")).toBe("2 CANCEL");
    expect(headerParam(headerList(cancel.request, "via")[0], "branch")).toBe(headerParam(headerList(second.request, "via")[0], "branch"));
    peer.respond(second.request, second.port, "487 Request Terminated");
    expect(await call.outcome).toMatchObject({ status: 487, state: "noanswer" });
  });

  it("without credentials, or when the answer is refused again, a challenge ends the leg as failed", async () => {
    const { peer, ua, target } = await setUp();
    const bare = ua.invite(target, { sdp: OFFER });
    const first = await peer.next("INVITE");
    peer.respond(first.request, first.port, "401 Unauthorized", [["WWW-Authenticate", 'Digest realm="r", nonce="1"']]);
    expect(await bare.outcome).toMatchObject({ status: 401, state: "failed" });

    const wrong = ua.invite(target, { sdp: OFFER, credentials: CREDENTIALS });
    const attempt = await peer.next("INVITE");
    peer.respond(attempt.request, attempt.port, "401 Unauthorized", [["WWW-Authenticate", 'Digest realm="r", nonce="2"']]);
    const retry = await peer.next("INVITE");
    expect(header(retry.request, "authorization")).toBeDefined();
    peer.respond(retry.request, retry.port, "401 Unauthorized", [["WWW-Authenticate", 'Digest realm="r", nonce="3"']]);
    expect(await wrong.outcome).toMatchObject({ status: 401, state: "failed" });
  });
  it("answers a DTMF INFO in the dialog with 200 and reports its digit once; other INFO gets 415, other requests 488", async () => {
    const { peer, ua, target } = await setUp();
    const digits: string[] = [];
    const call = ua.invite(target, { sdp: OFFER, onDtmf: (digit) => digits.push(digit) });
    const invite = await peer.next("INVITE");
    const answerSdp = buildSdp({ address: "127.0.0.1", port: 41000, sessionId: 5, sessionVersion: 1 });
    const contact: [string, string][] = [
      ["Contact", `<sip:far@127.0.0.1:${peer.port}>`],
      ["Content-Type", "application/sdp"],
    ];
    peer.respond(invite.request, invite.port, "200 OK", contact, answerSdp);
    expect(await call.outcome).toMatchObject({ status: 200, state: "answered" });
    const ack = (await peer.next("ACK")).request;

    const relay: [string, string][] = [["Content-Type", "application/dtmf-relay"]];
    expect(await peer.sendInDialog(ack, ua.port, "INFO", 2, relay, "Signal=5\r\nDuration=160\r\n")).toBe("SIP/2.0 200 OK");
    // The same INFO again (its 200 was lost): answered again, not a second digit.
    expect(await peer.sendInDialog(ack, ua.port, "INFO", 2, relay, "Signal=5\r\nDuration=160\r\n")).toBe("SIP/2.0 200 OK");
    expect(await peer.sendInDialog(ack, ua.port, "INFO", 3, [["Content-Type", "application/dtmf"]], "11")).toBe("SIP/2.0 200 OK");
    expect(digits).toEqual(["5", "#"]);

    const text: [string, string][] = [["Content-Type", "text/plain"]];
    expect(await peer.sendInDialog(ack, ua.port, "INFO", 4, text, "hello")).toBe("SIP/2.0 415 Unsupported Media Type");
    expect(await peer.sendInDialog(ack, ua.port, "MESSAGE", 5, text, "hello")).toBe("SIP/2.0 488 Not Acceptable Here");
    expect(digits).toEqual(["5", "#"]);
  });

  it("reads the digit of both DTMF INFO bodies", () => {
    expect(dtmfDigitOfInfo("application/dtmf-relay", "Signal=9\r\nDuration=250\r\n")).toBe("9");
    expect(dtmfDigitOfInfo("Application/DTMF-Relay; charset=x", "signal= *\r\nDuration=160")).toBe("*");
    expect(dtmfDigitOfInfo("application/dtmf", "10\r\n")).toBe("*");
    expect(dtmfDigitOfInfo("application/dtmf", "d")).toBe("D");
    expect(dtmfDigitOfInfo("application/dtmf-relay", "Duration=160")).toBeNull();
    expect(dtmfDigitOfInfo("application/dtmf", "12")).toBeNull();
    expect(dtmfDigitOfInfo(undefined, "5")).toBeNull();
  });
  it("re-INVITEs an answered call in its dialog: a 2xx is ACKed with the re-INVITE's CSeq, a 491 (glare) is ACKed and reported", async () => {
    const { peer, ua, target } = await setUp();
    const call = ua.invite(target, { sdp: OFFER });
    const invite = await peer.next("INVITE");
    const answerSdp = buildSdp({ address: "127.0.0.1", port: 41000, sessionId: 5, sessionVersion: 1 });
    const contact: [string, string][] = [
      ["Contact", `<sip:far@127.0.0.1:${peer.port}>`],
      ["Content-Type", "application/sdp"],
    ];
    peer.respond(invite.request, invite.port, "200 OK", contact, answerSdp);
    await call.outcome;
    await peer.next("ACK");

    const hold = buildSdp({ address: "127.0.0.1", port: 40000, sessionId: 1, sessionVersion: 2, direction: "sendonly" });
    const held = call.reinvite(hold);
    const reinvite = await peer.next("INVITE");
    expect(header(reinvite.request, "cseq")).toBe("2 INVITE");
    expect(header(reinvite.request, "call-id")).toBe(header(invite.request, "call-id"));
    expect(headerParam(header(reinvite.request, "to"), "tag")).toBe("peer1");
    expect(header(reinvite.request, "contact")).toBeDefined();
    expect(reinvite.request.uri).toBe(`sip:far@127.0.0.1:${peer.port}`);
    expect(reinvite.request.body).toBe(hold);
    const heldAnswer = buildSdp({ address: "127.0.0.1", port: 41000, sessionId: 5, sessionVersion: 2, direction: "recvonly" });
    peer.respond(reinvite.request, reinvite.port, "200 OK", contact, heldAnswer);
    expect(await held).toEqual({ status: 200, reason: "OK", answerSdp: heldAnswer });
    expect(header((await peer.next("ACK")).request, "cseq")).toBe("2 ACK");

    const glare = call.reinvite(OFFER);
    const second = await peer.next("INVITE");
    expect(header(second.request, "cseq")).toBe("3 INVITE");
    peer.respond(second.request, second.port, "491 Request Pending");
    expect(await glare).toEqual({ status: 491, reason: "Request Pending" });
    const ack = await peer.next("ACK");
    expect(header(ack.request, "cseq")).toBe("3 ACK");
    expect(headerParam(headerList(ack.request, "via")[0], "branch")).toBe(headerParam(headerList(second.request, "via")[0], "branch"));
  });
});
