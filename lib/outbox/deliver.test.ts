import { describe, expect, it } from "vitest";
import { parseDelays } from "@/lib/core/config";
import { runWithCaps } from "@/lib/core/run-with-caps";
import { deliveryBody, endpointKey, leaseMs, nextAttemptAt, SEND_CAPS } from "./deliver";

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

describe("claim lease", () => {
  const timeout = 15_000;
  const caps = { total: 32, perKey: 8 };
  const batch = (counts: Record<string, number>) => Object.entries(counts).flatMap(([key, n]) => Array<string>(n).fill(key));

  /** Worst case, simulated: every send hangs for the full timeout under the same greedy scheduler. */
  async function worstCaseMs(endpoints: string[]): Promise<number> {
    let clock = 0;
    const running: Array<{ end: number; done: () => void }> = [];
    const sends = runWithCaps(
      endpoints,
      (e) => e,
      caps,
      () => new Promise<void>((done) => running.push({ end: clock + timeout, done })),
    );
    let finished = false;
    void sends.then(() => (finished = true));
    while (!finished) {
      await new Promise((r) => setImmediate(r));
      running.sort((a, b) => a.end - b.end);
      const next = running.shift();
      if (!next) continue;
      clock = next.end;
      next.done();
    }
    return clock;
  }

  it.each([
    ["one endpoint", { a: 100 }],
    ["many endpoints", Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`e${i}`, 1]))],
    ["one busy endpoint among many", { busy: 60, ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`e${i}`, 1])) }],
    ["a few endpoints", { a: 30, b: 30, c: 30, d: 10 }],
  ])("outlasts the worst-case send time of a batch: %s", async (_name, counts) => {
    const endpoints = batch(counts);
    const worst = await worstCaseMs(endpoints);
    expect(worst).toBeGreaterThanOrEqual(timeout * Math.ceil(Math.max(...Object.values(counts)) / caps.perKey));
    // Without the 30 s margin for writing the outcomes, the lease still covers every send.
    expect(leaseMs(endpoints, timeout, caps) - 30_000).toBeGreaterThanOrEqual(worst);
  });

  it("grows with the sends one endpoint must queue for", () => {
    expect(leaseMs(batch({ a: 100 }), timeout, caps)).toBe(15_000 * (4 + 13 + 1) + 30_000);
    expect(leaseMs(batch({ a: 8 }), timeout, caps)).toBe(15_000 * 3 + 30_000);
    expect(leaseMs(batch({ a: 100 }), timeout, caps)).toBeGreaterThan(leaseMs(batch({ a: 50, b: 50 }), timeout, caps));
  });

  it("keys endpoints by origin, and the default caps match the keep-alive pool", () => {
    expect(endpointKey("https://hooks.example.com:8443/a?x=1")).toBe(endpointKey("https://hooks.example.com:8443/b"));
    expect(endpointKey("http://a.example/")).not.toBe(endpointKey("https://a.example/"));
    expect(SEND_CAPS.perKey).toBeLessThanOrEqual(SEND_CAPS.total);
  });
});
