import { afterEach, describe, expect, it } from "vitest";
import { buildSdp, reofferSdp } from "./media/sdp";
import { header } from "./sip-message";
import { SipUserAgent } from "./sip-ua";
import { ScriptedPeer } from "./scripted-peer";
import { ThirdPartyCallControl, type LegReport } from "./third-party-call";

// The RFC 3725 flow I state machine against two scripted phones on 127.0.0.1: what each phone
// receives (INVITE without SDP, INVITE with the other's offer, ACK with the answer, BYE, CANCEL)
// and which leg state each SIP step is reported as.

const OFFER_A = buildSdp({ address: "127.0.0.1", port: 42000, sessionId: 7, sessionVersion: 1 });
const ANSWER_B = buildSdp({ address: "127.0.0.1", port: 43000, sessionId: 9, sessionVersion: 1 });
const SDP: [string, string] = ["Content-Type", "application/sdp"];

describe("ThirdPartyCallControl (RFC 3725 flow I) against scripted phones", () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(ringSeconds = 5) {
    const a = await ScriptedPeer.start();
    const b = await ScriptedPeer.start();
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    const ua = await SipUserAgent.start({ host: "127.0.0.1" });
    cleanups.push(() => ua.stop());
    const reports: LegReport[] = [];
    const digits: [number, string][] = [];
    const waiters: (() => void)[] = [];
    const control = new ThirdPartyCallControl(ua, {
      ringSeconds,
      report: (report) => {
        reports.push(report);
        for (const wake of waiters.splice(0)) wake();
      },
      dtmf: ({ legId, digit }) => digits.push([legId, digit]),
    });
    const reported = async (count: number) => {
      const deadline = Date.now() + 4000;
      while (reports.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${JSON.stringify(reports)} were reported`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 200);
          waiters.push(() => (clearTimeout(timer), resolve()));
        });
      }
      return reports.map(({ legId, state }) => [legId, state]);
    };
    return { a, b, ua, control, reports, digits, reported, addressA: `sip:alice@127.0.0.1:${a.port}`, addressB: `sip:bob@127.0.0.1:${b.port}` };
  }

  /** Call 1 with legs 11 (A) and 12 (B), both phones answering at once: the call connected, both legs reported answered. */
  async function connected(setup: Awaited<ReturnType<typeof setUp>>) {
    const { a, b, control, reported, addressA, addressB } = setup;
    control.originate(1, 11, addressA);
    control.originate(1, 12, addressB);
    const inviteA = await a.next("INVITE");
    a.respond(inviteA.request, inviteA.port, "200 OK", [["Contact", `<${addressA}>`], SDP], OFFER_A);
    const inviteB = await b.next("INVITE");
    b.respond(inviteB.request, inviteB.port, "200 OK", [["Contact", `<${addressB}>`], SDP], ANSWER_B);
    await b.next("ACK");
    const ackA = await a.next("ACK");
    expect(await reported(2)).toEqual([
      [11, "answered"],
      [12, "answered"],
    ]);
    return { ...setup, inviteA, inviteB, ackA };
  }

  it("calls A without SDP, B with A's offer, ACKs A with B's answer; a BYE from B ends only B, our hangup of A sends BYE", async () => {
    const { a, b, ua, control, digits, reported, addressA, addressB } = await setUp();
    control.originate(1, 11, addressA);
    control.originate(1, 12, addressB);

    const inviteA = await a.next("INVITE");
    expect(inviteA.request.body).toBe("");
    expect(header(inviteA.request, "content-type")).toBeUndefined();
    a.respond(inviteA.request, inviteA.port, "180 Ringing");
    expect(await reported(1)).toEqual([[11, "ringing"]]);
    a.respond(inviteA.request, inviteA.port, "200 OK", [["Contact", `<${addressA}>`], SDP], OFFER_A);
    expect(await reported(2)).toEqual([
      [11, "ringing"],
      [11, "answered"],
    ]);

    const inviteB = await b.next("INVITE");
    expect(inviteB.request.body).toBe(OFFER_A);
    // A's 200 stays un-ACKed while B rings.
    await expect(a.next("ACK", 300)).rejects.toThrow("no ACK arrived");
    b.respond(inviteB.request, inviteB.port, "183 Session Progress");
    b.respond(inviteB.request, inviteB.port, "200 OK", [["Contact", `<${addressB}>`], SDP], ANSWER_B);
    const ackB = await b.next("ACK");
    expect(ackB.request.body).toBe("");
    const ackA = await a.next("ACK");
    expect(ackA.request.body).toBe(ANSWER_B);
    expect(header(ackA.request, "cseq")).toBe("1 ACK");
    expect(await reported(4)).toEqual([
      [11, "ringing"],
      [11, "answered"],
      [12, "ringing"],
      [12, "answered"],
    ]);

    // A digit B's phone sends by SIP INFO is reported for B's leg.
    const relay: [string, string][] = [["Content-Type", "application/dtmf-relay"]];
    expect(await b.sendInDialog(ackB.request, ua.port, "INFO", 1, relay, "Signal=7\r\nDuration=160\r\n")).toBe("SIP/2.0 200 OK");
    expect(digits).toEqual([[12, "7"]]);

    expect(await b.hangUp(ackB.request, ua.port)).toBe("SIP/2.0 200 OK");
    expect((await reported(5))[4]).toEqual([12, "hungup"]);
    expect(control.activeLegs).toBe(1);

    // The calls API ends the call: A is hung up by BYE, and nothing more is reported of it.
    control.hangup(11);
    const bye = await a.next("BYE");
    expect(header(bye.request, "call-id")).toBe(header(inviteA.request, "call-id"));
    a.respond(bye.request, bye.port, "200 OK");
    expect(control.activeLegs).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await reported(5)).toHaveLength(5);
  });

  it("holds (inactive), mutes (sendonly), talks (sendrecv) by re-INVITE with the other phone's SDP; a refused offer changes nothing", async () => {
    const { a, b, control, reported, inviteA, addressA } = await connected(await setUp());

    // Hold A: A's phone is offered B's session again (B's origin, version 2), inactive.
    const held = control.setDirection(11, "inactive");
    const holdA = await a.next("INVITE");
    expect(header(holdA.request, "cseq")).toBe("2 INVITE");
    expect(header(holdA.request, "call-id")).toBe(header(inviteA.request, "call-id"));
    expect(header(holdA.request, "contact")).toBeDefined();
    expect(holdA.request.body).toBe(reofferSdp(ANSWER_B, "inactive", 2));
    a.respond(holdA.request, holdA.port, "200 OK", [["Contact", `<${addressA}>`], SDP], reofferSdp(OFFER_A, "inactive", 2));
    expect(header((await a.next("ACK")).request, "cseq")).toBe("2 ACK");
    await held;

    // Mute B: B's phone is offered A's session, sendonly; a 491 (glare) is ACKed and refuses the change.
    const refused = control.setDirection(12, "sendonly").then(
      () => "accepted",
      (error: Error) => error.message,
    );
    const muteB = await b.next("INVITE");
    expect(muteB.request.body).toBe(reofferSdp(OFFER_A, "sendonly", 2));
    b.respond(muteB.request, muteB.port, "491 Request Pending");
    const ackOf491 = await b.next("ACK");
    expect(header(ackOf491.request, "cseq")).toBe("2 ACK");
    expect(await refused).toBe("the phone of leg 12 refused sendonly (re-INVITE answered 491)");
    // Tried again: the same version, since the refused offer changed nothing; CSeq goes on.
    const muted = control.setDirection(12, "sendonly");
    const muteAgain = await b.next("INVITE");
    expect(header(muteAgain.request, "cseq")).toBe("3 INVITE");
    expect(muteAgain.request.body).toBe(reofferSdp(OFFER_A, "sendonly", 2));
    b.respond(muteAgain.request, muteAgain.port, "200 OK", [SDP], ANSWER_B);
    await b.next("ACK");
    await muted;

    // Talk again on A: sendrecv, version 3.
    const talking = control.setDirection(11, "sendrecv");
    const talkA = await a.next("INVITE");
    expect(talkA.request.body).toBe(reofferSdp(ANSWER_B, "sendrecv", 3));
    a.respond(talkA.request, talkA.port, "200 OK", [SDP], OFFER_A);
    await a.next("ACK");
    await talking;
    // No leg changed state for any of it.
    expect(await reported(2)).toHaveLength(2);
  });

  it("passes a phone's own re-INVITE to the other phone and its answer back; a refusal too; the next hold re-offers the new SDP", async () => {
    const { a, b, ua, control, reported, inviteB, ackA } = await connected(await setUp());

    // A's phone puts the call on hold itself: its sendonly offer reaches B, B's recvonly answer comes back to A.
    const holdOffer = reofferSdp(OFFER_A, "sendonly", 2);
    const holdAnswer = reofferSdp(ANSWER_B, "recvonly", 2);
    const fromA = a.sendInDialogUntilFinal(ackA.request, ua.port, "INVITE", 1, [SDP], holdOffer);
    const relayed = await b.next("INVITE");
    expect(relayed.request.body).toBe(holdOffer);
    expect(header(relayed.request, "call-id")).toBe(header(inviteB.request, "call-id"));
    b.respond(relayed.request, relayed.port, "200 OK", [SDP], holdAnswer);
    expect(header((await b.next("ACK")).request, "cseq")).toBe("2 ACK");
    expect(await fromA).toEqual({ statuses: ["100 Trying", "200 OK"], body: holdAnswer });
    // A's ACK stops the 200 (UDP would send it again after 500 ms).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(a.answersSeen("200 OK", "1 INVITE")).toBe(1);

    // B refuses A's next change: A gets B's 488, and the session stays as it was.
    const fromAgain = a.sendInDialogUntilFinal(ackA.request, ua.port, "INVITE", 2, [SDP], reofferSdp(OFFER_A, "inactive", 3));
    const refused = await b.next("INVITE");
    b.respond(refused.request, refused.port, "488 Not Acceptable Here");
    await b.next("ACK");
    expect(await fromAgain).toEqual({ statuses: ["100 Trying", "488 Not Acceptable Here"], body: "" });

    // Our own hold of B re-offers A's SDP as A last sent it (sendonly, version 2), one version up.
    const held = control.setDirection(12, "inactive");
    const holdB = await b.next("INVITE");
    expect(holdB.request.body).toBe(reofferSdp(holdOffer, "inactive", 3));
    b.respond(holdB.request, holdB.port, "200 OK", [SDP], holdAnswer);
    await b.next("ACK");
    await held;
    // No leg changed state for any of it.
    expect(await reported(2)).toEqual([
      [11, "answered"],
      [12, "answered"],
    ]);
  });

  it("maps B's 486 to busy and 600 too; A, answered and un-ACKed, is then ACKed with a media-less answer and hung up", async () => {
    const { a, b, control, reported, reports, addressA, addressB } = await setUp();
    control.originate(2, 21, addressA);
    control.originate(2, 22, addressB);
    const inviteA = await a.next("INVITE");
    a.respond(inviteA.request, inviteA.port, "200 OK", [["Contact", `<${addressA}>`], SDP], OFFER_A);
    const inviteB = await b.next("INVITE");
    b.respond(inviteB.request, inviteB.port, "486 Busy Here");
    expect(await reported(2)).toEqual([
      [21, "answered"],
      [22, "busy"],
    ]);
    expect(reports[1]).toMatchObject({ status: 486, reason: "486 Busy Here" });
    control.hangup(21);
    const ackA = await a.next("ACK");
    expect(ackA.request.body).toMatch(/^m=audio 0 /m);
    expect(ackA.request.body).toMatch(/a=inactive/);
    await a.next("BYE");

    control.originate(3, 31, addressA);
    const busyA = await a.next("INVITE");
    a.respond(busyA.request, busyA.port, "600 Busy Everywhere");
    expect((await reported(3))[2]).toEqual([31, "busy"]);
  });

  it("maps 480 and 487 to noanswer, 503 and 404 to failed, and cancels a leg unanswered after the ring time as noanswer", async () => {
    const { a, control, reported, reports, addressA } = await setUp(1);
    const codes: [string, string][] = [
      ["480 Temporarily Unavailable", "noanswer"],
      ["487 Terminated", "noanswer"],
      ["503 Service Unavailable", "failed"],
      ["404 Not Found", "failed"],
    ];
    for (const [index, [line]] of codes.entries()) {
      control.originate(10 + index, 100 + index, addressA);
      const invite = await a.next("INVITE");
      a.respond(invite.request, invite.port, line);
      await reported(index + 1);
    }
    expect(reports.map((r) => r.state)).toEqual(codes.map(([, state]) => state));

    control.originate(20, 200, addressA);
    const ringing = await a.next("INVITE");
    a.respond(ringing.request, ringing.port, "180 Ringing");
    const cancel = await a.next("CANCEL");
    a.respond(cancel.request, cancel.port, "200 OK");
    a.respond(ringing.request, ringing.port, "487 Terminated");
    expect((await reported(6)).slice(4)).toEqual([
      [200, "ringing"],
      [200, "noanswer"],
    ]);
  });

  it("a hangup while A rings sends CANCEL; a number without a trunk, and a third leg, fail with the reason", async () => {
    const { a, control, reported, reports, addressA } = await setUp();
    control.originate(4, 41, addressA);
    const invite = await a.next("INVITE");
    a.respond(invite.request, invite.port, "180 Ringing");
    await reported(1);
    control.hangup(41);
    const cancel = await a.next("CANCEL");
    expect(header(cancel.request, "call-id")).toBe(header(invite.request, "call-id"));

    control.originate(5, 51, "tel:+15550100002");
    expect((await reported(2))[1]).toEqual([51, "failed"]);
    expect(reports[1]!.reason).toContain("no SIP trunk is configured");

    control.originate(6, 61, addressA);
    control.originate(6, 62, addressA);
    control.originate(6, 63, addressA);
    expect((await reported(3))[2]).toEqual([63, "failed"]);
    expect(reports[2]!.reason).toContain("two legs per call");
  });
});
