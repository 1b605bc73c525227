import { describe, expect, it } from "vitest";
import { callerSpeech } from "./caller-speech";

describe("callerSpeech", () => {
  it("spells the caller's digits one by one and ignores the scheme", () => {
    expect(callerSpeech("tel:+1 202-555-0143")).toBe(
      "Hello, this is a message from 1 2 0 2 5 5 5 0 1 4 3. Sorry I missed you. Please call me back when you can. Goodbye.",
    );
  });

  it("has words for a caller without a number", () => {
    expect(callerSpeech("sip:anonymous@example.com")).toContain("from an unknown number.");
  });
});
