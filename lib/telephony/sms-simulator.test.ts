import { describe, expect, it } from "vitest";
import { simulatedOutcome } from "./sms-simulator";

describe("the SMS simulator's test numbers", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const later = new Date("2026-11-25T12:00:02Z");

  it("delivers any other number after the delay", () => {
    expect(simulatedOutcome("tel:447700900123", now, 2000)).toEqual({ accepted: true, report: { status: "DELIVERED", dueAt: later } });
  });

  it("reports 0002 failed after the delay, never reports 0003, refuses 0004 at once", () => {
    expect(simulatedOutcome("tel:447700900002", now, 2000)).toMatchObject({ accepted: true, report: { status: "FAILED", dueAt: later } });
    expect(simulatedOutcome("tel:447700900003", now, 2000)).toEqual({ accepted: true });
    expect(simulatedOutcome("tel:447700900004", now, 2000)).toMatchObject({ accepted: false, detail: expect.stringMatching(/0004/) });
  });
});
