import { describe, expect, it } from "vitest";
import { OnePassAtATime } from "./one-pass-at-a-time";

describe("OnePassAtATime", () => {
  it("runs one pass at a time, and the calls made while one runs share the single pass queued after it", async () => {
    let started = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const release: Array<() => void> = [];
    const passes = new OnePassAtATime(async () => {
      const pass = ++started;
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await new Promise<void>((resolve) => release.push(resolve));
      inFlight--;
      return pass;
    });
    const first = passes.run();
    const second = passes.run();
    const third = passes.run();
    expect(second).toBe(third);
    expect(started).toBe(1);
    release.shift()!();
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(2);
    release.shift()!();
    expect(await second).toBe(2);
    expect(mostInFlight).toBe(1);
    expect(passes.current).toBeUndefined();
  });

  it("starts the queued pass after a failed one", async () => {
    let calls = 0;
    const passes = new OnePassAtATime(async () => {
      if (++calls === 1) throw new Error("first pass fails");
      return calls;
    });
    const first = passes.run();
    const queued = passes.run();
    await expect(first).rejects.toThrow("first pass fails");
    expect(await queued).toBe(2);
  });
});
