import dgram from "node:dgram";
import { performance } from "node:perf_hooks";
import { sinePcm, toneHzOfPcm } from "@/lib/audio/wav-tone";
import { afterEach, describe, expect, it } from "vitest";
import { parseAudioSdp, PCMA, PCMU, TELEPHONE_EVENT } from "./sdp";
import { decodeMuLaw, encodeALaw, encodeMuLaw } from "./g711";
import { RtpEndpoint } from "./rtp-endpoint";
import { buildRtpPacket, parseRtpPacket, type RtpPacket } from "./rtp-packet";
import { buildTelephoneEvent } from "./telephone-event";

// Two endpoints, or an endpoint and a bare UDP socket playing the far end, over 127.0.0.1 only.

const HOST = "127.0.0.1";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const opened: { close(): unknown }[] = [];

afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

async function endpoint(options: { maxRecordingSeconds?: number } = {}): Promise<RtpEndpoint> {
  const created = await RtpEndpoint.open({ host: HOST, ...options });
  opened.push(created);
  return created;
}

/** A bare socket as the far end: what it receives, with arrival times, and packets it sends. */
async function farEnd() {
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, HOST, resolve));
  const received: { packet: RtpPacket; at: number }[] = [];
  socket.on("message", (message) => {
    const packet = parseRtpPacket(message);
    if (packet) received.push({ packet, at: performance.now() });
  });
  const port = socket.address().port;
  const far = {
    port,
    received,
    sdp: (payloads: string, rtpmaps: string[] = [], direction = "sendrecv") =>
      [
        "v=0",
        "o=- 1 1 IN IP4 127.0.0.1",
        "s=-",
        `c=IN IP4 ${HOST}`,
        "t=0 0",
        `m=audio ${port} RTP/AVP ${payloads}`,
        ...rtpmaps,
        `a=${direction}`,
        "",
      ].join("\r\n"),
    send: (to: RtpEndpoint, packet: Partial<RtpPacket> & { payload: Uint8Array }) =>
      new Promise<void>((resolve) =>
        socket.send(buildRtpPacket({ payloadType: 0, marker: false, sequence: 1, timestamp: 0, ssrc: 99, ...packet }), to.port, HOST, () =>
          resolve(),
        ),
      ),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
  opened.push(far);
  return far;
}

const constant = (value: number) => encodeMuLaw(new Int16Array(160).fill(value));
const until = async (check: () => boolean, limitMs = 3000) => {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await sleep(5);
  }
};

describe("RtpEndpoint", () => {
  it("opens on an even port and offers PCMU, PCMA and telephone events at its address", async () => {
    const a = await endpoint();
    expect(a.port % 2).toBe(0);
    const offer = a.offer();
    expect(offer).toContain(`m=audio ${a.port} RTP/AVP 0 8 101\r\n`);
    expect(offer).toContain("a=fmtp:101 0-15\r\n");
    expect(offer).toContain("a=ptime:20\r\n");
    expect(parseAudioSdp(offer)).toEqual({ address: HOST, port: a.port, codecs: [PCMU, PCMA, TELEPHONE_EVENT], direction: "sendrecv" });
    expect(parseAudioSdp(a.offer("recvonly"))?.direction).toBe("recvonly");
    // Each new description of the session raises the o= version.
    expect(/^o=\S+ \d+ (\d+)/m.exec(a.offer())![1]).toBe("3");
  });

  it("answers with the offer's first codec it speaks, echoing its payload types, the opposite direction, and events only if offered", async () => {
    const a = await endpoint();
    const far = await farEnd();
    const answer = a.answer(far.sdp("18 8 0 96", ["a=rtpmap:18 G729/8000", "a=rtpmap:96 telephone-event/8000"], "sendonly"))!;
    expect(parseAudioSdp(answer)).toEqual({
      address: HOST,
      port: a.port,
      codecs: [PCMA, { payloadType: 96, name: "telephone-event", rate: 8000 }],
      direction: "recvonly",
    });
    expect(answer).toContain("a=fmtp:96 0-15\r\n");
    expect(a.negotiated).toMatchObject({ codec: PCMA, address: HOST, port: far.port, direction: "recvonly" });

    const noEvents = a.answer(far.sdp("0"))!;
    expect(parseAudioSdp(noEvents)?.codecs).toEqual([PCMU]);
    expect(noEvents).not.toContain("telephone-event");
    expect(a.answer(far.sdp("18 9", ["a=rtpmap:18 G729/8000", "a=rtpmap:9 G722/8000"]))).toBeUndefined();
    expect(a.answer("not SDP at all")).toBeUndefined();
  });

  it("accepts an answer naming a codec it speaks, and refuses one that does not", async () => {
    const a = await endpoint();
    const far = await farEnd();
    a.offer();
    expect(a.accept(far.sdp("18", ["a=rtpmap:18 G729/8000"]))).toBe(false);
    expect(a.negotiated).toBeUndefined();
    expect(a.accept(far.sdp("8 101", ["a=rtpmap:101 telephone-event/8000"]))).toBe(true);
    expect(a.negotiated).toMatchObject({ codec: PCMA, telephoneEvent: TELEPHONE_EVENT, port: far.port });
    await expect(endpoint().then((b) => b.play(new Int16Array(160)))).rejects.toThrow(/before answer\(\) or accept\(\)/);
  });

  it("sends 20 ms packets in the negotiated codec: marker on the first, sequence and timestamp stepping by 1 and 160", async () => {
    const a = await endpoint();
    const far = await farEnd();
    a.answer(far.sdp("8 0"));
    // 10 packets and a half: the last is filled up with silence.
    const pcm = sinePcm(0.21, 440);
    expect(await a.play(pcm)).toBe(true);
    await until(() => far.received.length >= 11);
    await sleep(50);
    const packets = far.received.map((r) => r.packet);
    expect(packets).toHaveLength(11);
    expect(packets.map((p) => p.marker)).toEqual([true, ...Array(10).fill(false)]);
    expect(new Set(packets.map((p) => p.payloadType))).toEqual(new Set([8]));
    expect(new Set(packets.map((p) => p.ssrc)).size).toBe(1);
    for (let i = 1; i < packets.length; i++) {
      expect(packets[i]!.sequence).toBe((packets[0]!.sequence + i) & 0xffff);
      expect(packets[i]!.timestamp).toBe((packets[0]!.timestamp + 160 * i) >>> 0);
    }
    expect(packets.every((p) => p.payload.length === 160)).toBe(true);
    expect([...packets[0]!.payload]).toEqual([...encodeALaw(pcm.subarray(0, 160))]);
    expect([...packets[10]!.payload.subarray(80)]).toEqual(Array(80).fill(0xd5)); // A-law silence

    // The next play carries on: sequence follows, timestamp later by at least the time between, marker again.
    await sleep(100);
    await a.play(sinePcm(0.02, 440));
    await until(() => far.received.length === 12);
    const next = far.received[11]!.packet;
    expect(next.marker).toBe(true);
    expect(next.sequence).toBe((packets[10]!.sequence + 1) & 0xffff);
    expect((next.timestamp - packets[10]!.timestamp) >>> 0).toBeGreaterThanOrEqual(160 + 8 * 90);
  });

  it("paces by the clock: packet n leaves at start + n*20 ms, not before, and no later with a busy event loop delaying its timers", async () => {
    const a = await endpoint();
    const far = await farEnd();
    a.answer(far.sdp("0"));
    // Every 20 ms the loop is blocked for 12: timers fire late, and a timer-per-packet pace would fall behind by as much each time.
    const hog = setInterval(() => {
      const until = performance.now() + 12;
      while (performance.now() < until);
    }, 20);
    const started = performance.now();
    const complete = await a.play(sinePcm(2, 440)).finally(() => clearInterval(hog));
    expect(complete).toBe(true);
    await until(() => far.received.length >= 100);
    await sleep(30);
    expect(far.received).toHaveLength(100);
    // Never ahead of the clock: a packet cannot arrive before it was due to leave.
    for (const [n, r] of far.received.entries()) expect(r.at - started).toBeGreaterThan(n * 20);
    // The last is due at 1980 ms: late at most by one wake-up (on a loaded machine, one slow one), not by the sum of a hundred (2.54 s).
    expect(far.received[99]!.at - started).toBeLessThan(2250);
  });

  it("stopPlay ends the play early: it resolves false and sending stops", async () => {
    const a = await endpoint();
    const far = await farEnd();
    a.answer(far.sdp("0"));
    const playing = a.play(sinePcm(5, 440));
    await sleep(200);
    a.stopPlay();
    expect(await playing).toBe(false);
    await sleep(20); // the last packet sent is still on its way
    const count = far.received.length;
    await sleep(100);
    expect(far.received.length).toBe(count);
    expect(count).toBeGreaterThan(5);
    expect(count).toBeLessThan(20);
    // A new play stops the running one too.
    const first = a.play(sinePcm(5, 440));
    const second = a.play(sinePcm(0.04, 440));
    expect(await first).toBe(false);
    expect(await second).toBe(true);
  });

  it("two endpoints talk: what one plays the other records, decoded, at its length and pitch, in either codec", async () => {
    for (const law of ["PCMU", "PCMA"]) {
      const a = await endpoint();
      const b = await endpoint();
      const offer = a.offer();
      // b prefers the law of the round: an offer listing it alone.
      const answer = b.answer(law === "PCMU" ? offer : offer.replace("RTP/AVP 0 8 101", "RTP/AVP 8 101"))!;
      expect(a.accept(answer)).toBe(true);
      expect(a.negotiated?.codec.name).toBe(law);
      b.startRecording();
      a.startRecording();
      await Promise.all([a.play(sinePcm(1, 440)), b.play(sinePcm(0.5, 1000))]);
      await sleep(60);
      const heardByB = b.stopRecording();
      const heardByA = a.stopRecording();
      expect(heardByB.length).toBe(8000);
      expect(toneHzOfPcm(heardByB)).toBeGreaterThan(430);
      expect(toneHzOfPcm(heardByB)).toBeLessThan(450);
      expect(heardByA.length).toBe(4000);
      expect(Math.abs(toneHzOfPcm(heardByA) - 1000)).toBeLessThan(15);
      expect(Math.max(...heardByB)).toBeGreaterThan(7000);
      expect(b.silentForSeconds()).toBeLessThan(1);
    }
  });

  it("records in sequence order, a lost packet as 20 ms of silence, duplicates once, across the sequence wrap, and a jump over 2 s unfilled", async () => {
    const a = await endpoint();
    const far = await farEnd();
    a.answer(far.sdp("0"));
    a.startRecording();
    // Sequence 65534 to 2 wraps; 1 is lost; 0 comes before 65535; 65535 twice; then a stream pause of 3 s.
    const order: [number, number, number][] = [
      [65534, 0, 1000],
      [0, 320, 3000],
      [65535, 160, 2000],
      [65535, 160, 2000],
      [2, 640, 5000],
      [3, 800 + 24_000, 6000],
    ];
    for (const [sequence, timestamp, value] of order) await far.send(a, { sequence, timestamp, payload: constant(value) });
    await until(() => a.silentForSeconds() < 1);
    await sleep(50);
    const pcm = a.stopRecording();
    const levels = Array.from({ length: pcm.length / 160 }, (_, i) => pcm[i * 160]!);
    const expected = [1000, 2000, 3000, 0, 5000, 6000].map((v) => decodeMuLaw(encodeMuLaw(Int16Array.of(v)))[0]!);
    expect(levels).toEqual(expected);
    expect(pcm.length).toBe(6 * 160);
    expect(a.stopRecording()).toHaveLength(0);
  });

  it("fills a timestamp gap up to 2 s, and stops a recording at its maximum length", async () => {
    const a = await endpoint({ maxRecordingSeconds: 2 });
    const far = await farEnd();
    a.answer(far.sdp("0"));
    a.startRecording();
    await far.send(a, { sequence: 10, timestamp: 0, payload: constant(1000) });
    // Silence suppression: the next packet 1.5 s later by the timestamp (within 2 s), sequence in order.
    await far.send(a, { sequence: 11, timestamp: 160 + 12_000, payload: constant(1000) });
    await sleep(50);
    const pcm = a.stopRecording();
    expect(pcm.length).toBe(160 + 12_000 + 160);
    expect(pcm.subarray(160, 12_160).every((s) => s === 0)).toBe(true);

    a.startRecording();
    for (let i = 0; i < 120; i++) await far.send(a, { sequence: 100 + i, timestamp: 160 * i, payload: constant(1000) });
    await sleep(50);
    // 120 packets is 2.4 s: the recording keeps 2 s.
    expect(a.stopRecording().length).toBe(16_000);
  });

  it("takes the first source until the negotiated address sends, then only the negotiated one (symmetric RTP)", async () => {
    const a = await endpoint();
    const phone = await farEnd(); // the address its SDP names
    const nat = await farEnd(); // where its packets come from, behind a NAT
    a.answer(phone.sdp("0"));
    a.startRecording();
    await nat.send(a, { sequence: 1, timestamp: 0, payload: constant(1000) });
    await until(() => a.silentForSeconds() < 1);
    expect(a.farSource).toEqual({ address: HOST, port: nat.port });
    // Ours go back where theirs come from.
    await a.play(sinePcm(0.02, 440));
    await until(() => nat.received.length === 1);
    expect(phone.received).toHaveLength(0);

    await phone.send(a, { sequence: 2, timestamp: 160, payload: constant(2000) });
    await sleep(30);
    expect(a.farSource).toEqual({ address: HOST, port: phone.port });
    await nat.send(a, { sequence: 3, timestamp: 320, payload: constant(3000) });
    await sleep(30);
    // 1000 from the NAT address, then 2000 from the phone's; 3000 from the NAT address came after the phone's own and was dropped.
    const pcm = a.stopRecording();
    expect(pcm.length).toBe(320);
    expect([pcm[0], pcm[160]]).toEqual([decodeMuLaw(constant(1000))[0], decodeMuLaw(constant(2000))[0]]);
  });

  it("reports each RFC 4733 digit once, and knows how long the far end has been silent", async () => {
    const a = await endpoint();
    const far = await farEnd();
    expect(a.silentForSeconds()).toBe(Infinity);
    a.answer(far.sdp("0 101", ["a=rtpmap:101 telephone-event/8000"]));
    const digits: string[] = [];
    a.onDigit((digit) => digits.push(digit));
    let sequence = 0;
    for (const [event, timestamp] of [
      [5, 1000],
      [11, 3000],
      [5, 5000],
    ] as const) {
      for (const [duration, end] of [
        [160, false],
        [320, false],
        [480, true],
        [480, true],
        [480, true],
      ] as const) {
        await far.send(a, {
          payloadType: 101,
          sequence: sequence++,
          timestamp,
          marker: duration === 160,
          payload: buildTelephoneEvent({ event, end, volume: 10, duration }),
        });
      }
    }
    await until(() => digits.length >= 3);
    await sleep(30);
    expect(digits).toEqual(["5", "#", "5"]);
    expect(a.silentForSeconds()).toBeLessThan(0.5);
    await sleep(300);
    expect(a.silentForSeconds()).toBeGreaterThan(0.25);
  });

  it("ignores what is not RTP, and frees its port on close", async () => {
    const a = await endpoint();
    const far = await farEnd();
    a.answer(far.sdp("0"));
    const socket = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => socket.send("garbage", a.port, HOST, () => resolve()));
    socket.close();
    await sleep(30);
    expect(a.silentForSeconds()).toBe(Infinity);
    const port = a.port;
    await a.close();
    await a.close();
    const again = await RtpEndpoint.open({ host: HOST, port });
    expect(again.port).toBe(port);
    await again.close();
    expect(await a.play(sinePcm(0.1, 440))).toBe(false);
  });
});
