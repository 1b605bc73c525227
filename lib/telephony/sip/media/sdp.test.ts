import { describe, expect, it } from "vitest";
import { buildSdp, parseAudioSdp, PCMA, PCMU, reofferSdp, sdpVersionOf, TELEPHONE_EVENT } from "./sdp";

describe("SDP", () => {
  it("builds an offer of PCMU, PCMA and telephone events that reads back as written", () => {
    const offer = buildSdp({ address: "127.0.0.1", port: 40000, sessionId: 7, sessionVersion: 1 });
    expect(offer.split("\r\n")).toEqual([
      "v=0",
      "o=switchboard 7 1 IN IP4 127.0.0.1",
      "s=switchboard",
      "c=IN IP4 127.0.0.1",
      "t=0 0",
      "m=audio 40000 RTP/AVP 0 8 101",
      "a=rtpmap:0 PCMU/8000",
      "a=rtpmap:8 PCMA/8000",
      "a=rtpmap:101 telephone-event/8000",
      "a=fmtp:101 0-16",
      "a=ptime:20",
      "a=sendrecv",
      "",
    ]);
    expect(parseAudioSdp(offer)).toEqual({ address: "127.0.0.1", port: 40000, codecs: [PCMU, PCMA, TELEPHONE_EVENT], direction: "sendrecv" });
  });

  it("builds an answer with the chosen codec and a hold direction", () => {
    const answer = buildSdp({ address: "::1", port: 40002, sessionId: 9, sessionVersion: 3, codecs: [PCMA], direction: "sendonly" });
    expect(answer).toContain("c=IN IP6 ::1\r\n");
    expect(parseAudioSdp(answer)).toEqual({ address: "::1", port: 40002, codecs: [PCMA, TELEPHONE_EVENT], direction: "sendonly" });
  });

  it("reads a far end's answer: media-level address over the session's, static payloads without rtpmap, unknown ones dropped", () => {
    const sdp = [
      "v=0",
      "o=- 1 2 IN IP4 198.18.0.1",
      "s=-",
      "c=IN IP4 198.18.0.1",
      "t=0 0",
      "a=recvonly",
      "m=video 5000 RTP/AVP 96",
      "c=IN IP4 203.0.113.9",
      "a=inactive",
      "m=audio 10002 RTP/AVP 0 97 101",
      "c=IN IP4 198.18.0.2/127",
      "a=rtpmap:101 telephone-event/8000",
      "m=audio 10004 RTP/AVP 8",
    ].join("\n");
    expect(parseAudioSdp(sdp)).toEqual({ address: "198.18.0.2", port: 10002, codecs: [PCMU, TELEPHONE_EVENT], direction: "recvonly" });
  });

  it("reads each direction, and gives null without an audio stream or an address", () => {
    for (const direction of ["sendrecv", "sendonly", "recvonly", "inactive"] as const) {
      expect(parseAudioSdp(`v=0\r\nc=IN IP4 10.0.0.1\r\nm=audio 4000 RTP/AVP 0\r\na=${direction}\r\n`)?.direction).toBe(direction);
    }
    expect(parseAudioSdp("v=0\r\nc=IN IP4 10.0.0.1\r\nm=video 4000 RTP/AVP 96\r\n")).toBeNull();
    expect(parseAudioSdp("v=0\r\nm=audio 4000 RTP/AVP 0\r\n")).toBeNull();
  });

  it("describes the session again with another direction and the next version, in the audio stream", () => {
    const phone = [
      "v=0",
      "o=- 1234 5 IN IP4 198.18.0.1",
      "s=-",
      "c=IN IP4 198.18.0.1",
      "t=0 0",
      "a=sendrecv",
      "m=audio 10002 RTP/AVP 0 101",
      "a=rtpmap:101 telephone-event/8000",
      "a=sendrecv",
      "m=video 5000 RTP/AVP 96",
      "a=inactive",
    ].join("\r\n");
    // The video stream keeps its own direction; the audio stream and the session get the new one.
    expect(sdpVersionOf(phone)).toBe(5);
    const held = reofferSdp(phone, "inactive", 6);
    expect(held.split("\r\n")).toEqual([
      "v=0",
      "o=- 1234 6 IN IP4 198.18.0.1",
      "s=-",
      "c=IN IP4 198.18.0.1",
      "t=0 0",
      "m=audio 10002 RTP/AVP 0 101",
      "a=rtpmap:101 telephone-event/8000",
      "a=inactive",
      "m=video 5000 RTP/AVP 96",
      "a=inactive",
      "",
    ]);
    expect(parseAudioSdp(held)).toMatchObject({ address: "198.18.0.1", port: 10002, direction: "inactive" });
    expect(parseAudioSdp(reofferSdp(held, "sendonly", 7))?.direction).toBe("sendonly");
    expect(sdpVersionOf(reofferSdp(held, "sendonly", 7))).toBe(7);
  });
});
