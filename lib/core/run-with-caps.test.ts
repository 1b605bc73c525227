import { describe, expect, it } from "vitest";
import { runWithCaps } from "./run-with-caps";

describe("runWithCaps", () => {
  it("never exceeds the total or per-key caps, and returns results in order", async () => {
    const inFlight = new Map<string, number>();
    let total = 0;
    let maxTotal = 0;
    let maxPerKey = 0;
    const items = Array.from({ length: 200 }, (_, i) => ({ i, key: `k${i % 3 === 0 ? 0 : i % 7}` }));
    const results = await runWithCaps(
      items,
      (item) => item.key,
      { total: 10, perKey: 3 },
      async (item) => {
        total++;
        inFlight.set(item.key, (inFlight.get(item.key) ?? 0) + 1);
        maxTotal = Math.max(maxTotal, total);
        maxPerKey = Math.max(maxPerKey, inFlight.get(item.key)!);
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        total--;
        inFlight.set(item.key, inFlight.get(item.key)! - 1);
        return item.i;
      },
    );
    expect(results).toEqual(items.map((item) => item.i));
    expect(maxTotal).toBe(10);
    expect(maxPerKey).toBe(3);
  });

  it("holds an item back until its key has room, and gives a free slot to the first waiting item that fits", async () => {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const items = ["a1", "a2", "b1", "c1"];
    const done = runWithCaps(
      items,
      (item) => item[0]!,
      { total: 2, perKey: 1 },
      (item) => {
        started.push(item);
        return new Promise<string>((resolve) => finish.set(item, () => resolve(item)));
      },
    );
    expect(started).toEqual(["a1", "b1"]);
    finish.get("b1")!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["a1", "b1", "c1"]);
    finish.get("a1")!();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(["a1", "b1", "c1", "a2"]);
    finish.get("c1")!();
    finish.get("a2")!();
    expect(await done).toEqual(items);
  });

  it("rejects with the first failure", async () => {
    await expect(runWithCaps([1, 2], String, { total: 2, perKey: 1 }, async (n) => (n === 2 ? Promise.reject(new Error("two")) : n))).rejects.toThrow(
      "two",
    );
  });

  it("finishes at once with nothing to run", async () => {
    expect(
      await runWithCaps(
        [],
        () => "",
        { total: 1, perKey: 1 },
        async () => 1,
      ),
    ).toEqual([]);
  });
});
