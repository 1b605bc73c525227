import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryBuckets, RedisBuckets, type BucketSpec } from "./token-bucket";

describe("MemoryBuckets", () => {
  it("lets a burst up to the capacity through, refuses the rest, and refills at capacity per window", () => {
    let now = 0;
    const buckets = new MemoryBuckets(100, () => now);
    const spec: BucketSpec = { key: "token:a", capacity: 3, windowMs: 3000 };
    const results = Array.from({ length: 5 }, () => buckets.take([spec]));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results.map((r) => r.buckets[0]!.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(results[3]!.buckets[0]!.msUntilNext).toBe(1000);
    expect(results[2]!.buckets[0]!.msUntilFull).toBe(3000);
    now = 999;
    expect(buckets.take([spec]).allowed).toBe(false);
    now = 1000;
    expect(buckets.take([spec]).allowed).toBe(true);
    now = 100_000; // refilled to the capacity, never above it
    expect(buckets.take([spec]).buckets[0]!.remaining).toBe(2);
  });

  it("charges several buckets all or none", () => {
    const buckets = new MemoryBuckets(100, () => 0);
    const token: BucketSpec = { key: "token:a", capacity: 5, windowMs: 1000 };
    const app: BucketSpec = { key: "consumer:x", capacity: 2, windowMs: 1000 };
    expect(buckets.take([token, app]).allowed).toBe(true);
    expect(buckets.take([token, app]).allowed).toBe(true);
    const refused = buckets.take([token, app]);
    expect(refused.allowed).toBe(false);
    expect(refused.buckets.map((b) => b.remaining)).toEqual([3, 0]); // the token was not charged
  });

  it("keeps at most maxKeys buckets, dropping the least recently used", () => {
    const buckets = new MemoryBuckets(3, () => 0);
    const spec = (key: string): BucketSpec => ({ key, capacity: 1, windowMs: 60_000 });
    for (const key of ["a", "b", "c"]) buckets.take([spec(key)]);
    expect(buckets.take([spec("a")]).allowed).toBe(false); // "a" used again: now the most recent
    buckets.take([spec("d")]); // drops "b"
    expect(buckets.size).toBe(3);
    expect(buckets.take([spec("b")]).allowed).toBe(true); // forgotten: full again
    expect(buckets.take([spec("a")]).allowed).toBe(false);
  });
});

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
if (!redisUp) console.warn(`Redis is not reachable at ${redisUrl}: the Redis bucket tests are skipped.`);
const prefix = `test-bucket-${randomBytes(4).toString("hex")}:`;
afterAll(async () => {
  if (redisUp) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

describe.skipIf(!redisUp)("RedisBuckets", () => {
  it("counts atomically across clients: 50 takes at once from two connections let exactly the capacity through", async () => {
    const second = redis.duplicate();
    const a = new RedisBuckets(redis, prefix);
    const b = new RedisBuckets(second, prefix);
    const spec: BucketSpec = { key: "shared", capacity: 20, windowMs: 600_000 };
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? a : b).take([spec])));
    second.disconnect();
    expect(results.filter((r) => r.allowed)).toHaveLength(20);
    const refused = results.find((r) => !r.allowed)!;
    expect(refused.buckets[0]!.remaining).toBe(0);
    expect(refused.buckets[0]!.msUntilNext).toBeGreaterThan(20_000); // one request per 30 s
    expect(await redis.pttl(`${prefix}shared`)).toBeGreaterThan(500_000); // expires once full again
  });

  it("charges several buckets all or none, and refills", async () => {
    const buckets = new RedisBuckets(redis, prefix);
    const token: BucketSpec = { key: "token:t", capacity: 5, windowMs: 1000 };
    const app: BucketSpec = { key: "consumer:c", capacity: 2, windowMs: 400 };
    expect((await buckets.take([token, app])).allowed).toBe(true);
    expect((await buckets.take([token, app])).allowed).toBe(true);
    const refused = await buckets.take([token, app]);
    expect(refused.allowed).toBe(false);
    expect(refused.buckets[0]!.remaining).toBe(3);
    await new Promise((r) => setTimeout(r, 450));
    expect((await buckets.take([token, app])).allowed).toBe(true);
  });

  it("falls back to the same limits in memory while Redis fails", async () => {
    const broken = new Redis("redis://127.0.0.1:1", { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const buckets = new RedisBuckets(broken, prefix);
    const spec: BucketSpec = { key: "down", capacity: 2, windowMs: 60_000 };
    const results = [await buckets.take([spec]), await buckets.take([spec]), await buckets.take([spec])];
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    broken.disconnect();
  });
});
