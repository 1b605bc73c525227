import { describe, expect, it } from "vitest";
import { defaultWebWorkers, describeWebWorkers, WORKER_MEMORY } from "@/lib/core/workers";

const GB = 1024 ** 3;

describe("defaultWebWorkers (WEB_CONCURRENCY unset)", () => {
  it("gives a 1 GB server one worker, whatever its cores", () => {
    expect(defaultWebWorkers(2, 1 * GB)).toEqual({ count: 1, reason: "1.0 GB of memory holds one (2 cores)" });
    expect(defaultWebWorkers(8, 1 * GB).count).toBe(1);
    // What a "1 GB" machine reports once the kernel has its share.
    expect(defaultWebWorkers(2, 0.94 * GB).count).toBe(1);
  });

  it("gives one worker per core when the memory holds them", () => {
    expect(defaultWebWorkers(2, 24 * GB)).toEqual({ count: 2, reason: "one per core" });
    expect(defaultWebWorkers(1, 24 * GB)).toEqual({ count: 1, reason: "one per core" });
    expect(defaultWebWorkers(16, 64 * GB).count).toBe(16);
  });

  it("stops at what the memory holds: 1 + floor((memory × share − base) / per worker)", () => {
    const { share, baseMb, perWorkerMb } = WORKER_MEMORY;
    // Exactly two workers' worth, and one megabyte less.
    const twoMb = (baseMb + perWorkerMb) / share;
    expect(defaultWebWorkers(8, twoMb * 1_048_576)).toEqual({ count: 2, reason: `${(twoMb / 1024).toFixed(1)} GB of memory holds two (8 cores)` });
    expect(defaultWebWorkers(8, (twoMb - 1) * 1_048_576).count).toBe(1);
    expect(defaultWebWorkers(8, 2 * GB).count).toBe(3);
    expect(defaultWebWorkers(4, 2 * GB).count).toBe(3);
    expect(defaultWebWorkers(2, 2 * GB)).toEqual({ count: 2, reason: "one per core" });
  });

  it("never gives fewer than one worker", () => {
    expect(defaultWebWorkers(4, 256 * 1_048_576).count).toBe(1);
    expect(defaultWebWorkers(0, 0)).toEqual({ count: 1, reason: "one per core" });
  });

  it("words the banner line", () => {
    expect(describeWebWorkers(defaultWebWorkers(2, 24 * GB))).toBe("2 web workers: one per core");
    expect(describeWebWorkers(defaultWebWorkers(2, 1 * GB))).toBe("1 web worker: 1.0 GB of memory holds one (2 cores)");
    expect(describeWebWorkers({ count: 3, reason: "WEB_CONCURRENCY=3" })).toBe("3 web workers: WEB_CONCURRENCY=3");
  });
});
