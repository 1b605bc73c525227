import { describe, expect, it } from "vitest";
import { behaviourOf } from "./simulator-behaviour";

describe("simulator behaviour", () => {
  it("is chosen by the number's last four digits", () => {
    expect(behaviourOf("tel:15550100001")).toBe("answers_at_once");
    expect(behaviourOf("tel:15550100002")).toBe("busy");
    expect(behaviourOf("tel:15550100003")).toBe("never_answers");
    expect(behaviourOf("tel:15550100004")).toBe("fails");
    expect(behaviourOf("tel:15550100005")).toBe("hangs_up_after_30s");
    expect(behaviourOf("service:15550100006")).toBe("sends_dtmf");
    expect(behaviourOf("tel:15550100007")).toBe("ordinary");
    expect(behaviourOf("sip:ada@example.com")).toBe("ordinary");
    expect(behaviourOf("sip:0002@example.com")).toBe("busy");
  });
});
