import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DtmfCollector, type CollectedDtmf } from "./dtmf-collector";

describe("DtmfCollector", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reports once when maxDigits came, ignores digits nobody asked for, and reports what came at the timeout", () => {
    const delivered: CollectedDtmf[] = [];
    const collector = new DtmfCollector((collected) => delivered.push(collected));
    collector.digit(1, "9");
    collector.want(1, 3, 10);
    collector.want(2, 4, 5);
    for (const digit of ["1", "2", "3", "4"]) collector.digit(1, digit);
    collector.digit(2, "#");
    expect(delivered).toEqual([{ legId: 1, digits: "123", timedOut: false }]);
    vi.advanceTimersByTime(4999);
    expect(delivered).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([
      { legId: 1, digits: "123", timedOut: false },
      { legId: 2, digits: "#", timedOut: true },
    ]);
    vi.advanceTimersByTime(20_000);
    expect(delivered).toHaveLength(2);
    expect(collector.collecting).toBe(0);
  });

  it("reports nothing for a leg stopped, and a new want replaces the old one", () => {
    const delivered: CollectedDtmf[] = [];
    const collector = new DtmfCollector((collected) => delivered.push(collected));
    collector.want(1, 2, 3);
    collector.digit(1, "5");
    collector.want(1, 2, 3);
    collector.digit(1, "6");
    collector.want(2, 1, 3);
    collector.stop(2);
    vi.advanceTimersByTime(3000);
    expect(delivered).toEqual([{ legId: 1, digits: "6", timedOut: true }]);
  });
});
