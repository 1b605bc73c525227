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

  it("adds ;transport=tcp where SIP_TRANSPORT is tcp and the address or trunk names no transport", () => {
    expect(sipTargetOf("sip:alice@10.0.0.5:5080", trunk, "tcp")).toEqual({ uri: "sip:alice@10.0.0.5:5080;transport=tcp", viaTrunk: false });
    expect(sipTargetOf("sip:alice@10.0.0.5?subject=x", trunk, "tcp")).toEqual({ uri: "sip:alice@10.0.0.5;transport=tcp?subject=x", viaTrunk: false });
    expect(sipTargetOf("sip:alice@10.0.0.5;transport=udp", trunk, "tcp")).toEqual({ uri: "sip:alice@10.0.0.5;transport=udp", viaTrunk: false });
    expect(sipTargetOf("tel:+15550105555", trunk, "tcp")).toEqual({ uri: "sip:+15550105555@trunk.example.net:5070;transport=udp", viaTrunk: true });
    expect(sipTargetOf("tel:+15550105555", { uri: "sip:127.0.0.1:5070" }, "tcp")).toEqual({
      uri: "sip:+15550105555@127.0.0.1:5070;transport=tcp",
      viaTrunk: true,
    });
    expect(sipTargetOf("sip:alice@10.0.0.5", trunk, "udp")).toEqual({ uri: "sip:alice@10.0.0.5", viaTrunk: false });
  });
});
