import { describe, expect, it } from "vitest";
import { sipTargetOf } from "./sip-target";

describe("sipTargetOf", () => {
  const trunk = { uri: "sip:trunk.example.net:5070;transport=udp", username: "u", password: "p" };

  it("dials a sip: address at its own host, never through the trunk", () => {
    expect(sipTargetOf("sip:alice@10.0.0.5:5080", trunk)).toEqual({ uri: "sip:alice@10.0.0.5:5080", viaTrunk: false });
  });

  it("sends tel: and E.164 numbers to the trunk's host, port and parameters", () => {
    expect(sipTargetOf("tel:+15550105555", trunk)).toEqual({ uri: "sip:+15550105555@trunk.example.net:5070;transport=udp", viaTrunk: true });
    expect(sipTargetOf("tel:15550105555", trunk)).toEqual({ uri: "sip:+15550105555@trunk.example.net:5070;transport=udp", viaTrunk: true });
    expect(sipTargetOf("+1 555-010-5555", { uri: "sip:127.0.0.1" })).toEqual({ uri: "sip:+15550105555@127.0.0.1:5060", viaTrunk: true });
  });

  it("says why a number without a trunk, or an address of another kind, cannot be dialled", () => {
    expect(sipTargetOf("tel:+15550105555", undefined)).toEqual({ unreachable: expect.stringContaining("no SIP trunk is configured") });
    expect(sipTargetOf("mailto:bob@example.com", trunk)).toEqual({
      unreachable: expect.stringContaining("neither a sip: address nor a phone number"),
    });
  });
});
