import { describe, expect, it } from "vitest";
import { legStateForSip } from "./sip-status";

describe("legStateForSip", () => {
  it("maps INVITE responses to the leg states of issue 25", () => {
    const cases: [number, string | null][] = [
      [100, null],
      [181, null],
      [180, "ringing"],
      [183, "ringing"],
      [200, "answered"],
      [486, "busy"],
      [600, "busy"],
      [408, "noanswer"],
      [480, "noanswer"],
      [487, "noanswer"],
      [302, "failed"],
      [403, "failed"],
      [404, "failed"],
      [503, "failed"],
      [603, "failed"],
    ];
    expect(cases.map(([status]) => [status, legStateForSip({ kind: "response", status })])).toEqual(cases);
  });

  it("a BYE from the far end hangs the leg up; other requests and the ring timer", () => {
    expect(legStateForSip({ kind: "request", method: "BYE" })).toBe("hungup");
    expect(legStateForSip({ kind: "request", method: "INVITE" })).toBeNull();
    expect(legStateForSip({ kind: "request", method: "INFO" })).toBeNull();
    expect(legStateForSip({ kind: "ringTimeout" })).toBe("noanswer");
  });
});
