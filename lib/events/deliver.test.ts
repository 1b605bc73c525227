import { describe, expect, it } from "vitest";
import { parseDelays } from "@/lib/config";
import { deliveryBody, nextAttemptAt } from "./deliver";

const schedule = parseDelays("5s,5m,30m,2h,5h,10h,10h");
const t0 = new Date("2026-11-23T00:00:00Z");

describe("retry schedule (fake clock)", () => {
  it("parses the default schedule", () => {
    expect(schedule).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  });

  it("waits the scheduled delay after each failed attempt", () => {
    expect(nextAttemptAt(t0, 1, schedule)).toEqual(new Date("2026-11-23T00:00:05Z"));
    expect(nextAttemptAt(t0, 2, schedule)).toEqual(new Date("2026-11-23T00:05:00Z"));
    expect(nextAttemptAt(t0, 7, schedule)).toEqual(new Date("2026-11-23T10:00:00Z"));
  });

  it("gives up after the last scheduled retry (8 attempts in all)", () => {
    expect(nextAttemptAt(t0, 8, schedule)).toBeNull();
  });

  it("honours a longer Retry-After, capped at 24 hours", () => {
    expect(nextAttemptAt(t0, 1, schedule, 120)).toEqual(new Date("2026-11-23T00:02:00Z"));
    expect(nextAttemptAt(t0, 2, schedule, 1)).toEqual(new Date("2026-11-23T00:05:00Z"));
    expect(nextAttemptAt(t0, 1, schedule, 10 ** 9)).toEqual(new Date("2026-11-24T00:00:00Z"));
  });
});

describe("wire format", () => {
  it("sends the event as one form parameter named Json", () => {
    const body = deliveryBody({ type: "TestEvent", params: { a: "x&y=z" } });
    const form = new URLSearchParams(body);
    expect([...form.keys()]).toEqual(["Json"]);
    expect(JSON.parse(form.get("Json")!)).toEqual({ type: "TestEvent", params: { a: "x&y=z" } });
  });
});
