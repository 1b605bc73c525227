import type { Redis } from "ioredis";
import { log } from "@/lib/core/log";
import { askPrimary } from "@/lib/core/workers";

// Token buckets: each holds up to `capacity` requests and refills at capacity / window, so a client
// may burst to the capacity and then goes on at the refill rate. Several buckets are charged
// together (all or none), in one step: a Lua script in Redis (shared by every instance), a bounded
// map in the launcher (shared by the web workers of one instance), or a bounded map in this process.

export interface BucketSpec {
  key: string;
  capacity: number;
  windowMs: number;
}

export interface BucketState {
  spec: BucketSpec;
  /** Whole requests left after this one. */
  remaining: number;
  /** Milliseconds until the bucket is full again. */
  msUntilFull: number;
  /** Milliseconds until one request fits again (0 when one fits now). */
  msUntilNext: number;
}

export interface TakeResult {
  allowed: boolean;
  buckets: BucketState[];
}

function stateOf(spec: BucketSpec, tokens: number): BucketState {
  const perMs = spec.capacity / spec.windowMs;
  return {
    spec,
    remaining: Math.max(0, Math.floor(tokens)),
    msUntilFull: Math.ceil((spec.capacity - tokens) / perMs),
    msUntilNext: tokens >= 1 ? 0 : Math.ceil((1 - tokens) / perMs),
  };
}

/** Buckets in this process: a map bounded to `maxKeys`, the least recently used dropped first (a dropped bucket is full). */
export class MemoryBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly now = () => performance.now(),
  ) {}

  take(specs: BucketSpec[]): TakeResult {
    const now = this.now();
    const tokens = specs.map((spec) => {
      const held = this.buckets.get(spec.key);
      return held ? Math.min(spec.capacity, held.tokens + ((now - held.at) * spec.capacity) / spec.windowMs) : spec.capacity;
    });
    const allowed = tokens.every((t) => t >= 1);
    const buckets = specs.map((spec, i) => {
      const left = allowed ? tokens[i]! - 1 : tokens[i]!;
      this.buckets.delete(spec.key); // re-inserted last: the map's order is the use order
      this.buckets.set(spec.key, { tokens: left, at: now });
      return stateOf(spec, left);
    });
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= this.maxKeys) break;
      this.buckets.delete(key);
    }
    return { allowed, buckets };
  }

  get size(): number {
    return this.buckets.size;
  }
}

// KEYS: the buckets; ARGV: capacity and window (ms) of each. Redis's own clock, so instances agree.
// Returns 1 or 0, then each bucket's tokens left (as strings: Lua numbers would be cut to integers).
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local tokens = {}
local allowed = 1
for i = 1, #KEYS do
  local capacity = tonumber(ARGV[2 * i - 1])
  local window = tonumber(ARGV[2 * i])
  local held = redis.call('HMGET', KEYS[i], 'tokens', 'at')
  local t = capacity
  if held[1] then t = math.min(capacity, tonumber(held[1]) + (now - tonumber(held[2])) * capacity / window) end
  tokens[i] = t
  if t < 1 then allowed = 0 end
end
local out = { allowed }
for i = 1, #KEYS do
  local capacity = tonumber(ARGV[2 * i - 1])
  local window = tonumber(ARGV[2 * i])
  local t = tokens[i]
  if allowed == 1 then t = t - 1 end
  redis.call('HSET', KEYS[i], 'tokens', tostring(t), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[i], math.ceil((capacity - t) * window / capacity) + 1000)
  out[i + 1] = tostring(t)
end
return out
`;

type RedisWithTake = Redis & { takeTokens(numberOfKeys: number, ...args: (string | number)[]): Promise<[number, ...string[]]> };

/** Buckets in Redis, shared by every instance with the same prefix; while Redis fails, the same limits in memory. */
export class RedisBuckets {
  private readonly redis: RedisWithTake;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly fallback = new MemoryBuckets(),
  ) {
    if (!("takeTokens" in redis)) redis.defineCommand("takeTokens", { lua: TAKE_SCRIPT });
    this.redis = redis as RedisWithTake;
  }

  async take(specs: BucketSpec[]): Promise<TakeResult> {
    try {
      const args = specs.flatMap((s) => [s.capacity, s.windowMs]);
      const [allowed, ...left] = await this.redis.takeTokens(specs.length, ...specs.map((s) => this.prefix + s.key), ...args);
      return { allowed: allowed === 1, buckets: specs.map((spec, i) => stateOf(spec, Number(left[i]))) };
    } catch (error) {
      log.warn("rate limits: Redis failed, counting in memory", { error: (error as Error).message });
      return this.fallback.take(specs);
    }
  }
}

/** The launcher's buckets, shared by the web workers of one instance (lib/core/workers.ts); while it does not answer, the same limits in memory. */
export class LauncherBuckets {
  static readonly TOPIC = "rate-limit.take";

  constructor(private readonly fallback = new MemoryBuckets()) {}

  async take(specs: BucketSpec[]): Promise<TakeResult> {
    try {
      return await askPrimary<TakeResult>(LauncherBuckets.TOPIC, specs);
    } catch (error) {
      log.warn("rate limits: the launcher did not answer, counting in memory", { error: (error as Error).message });
      return this.fallback.take(specs);
    }
  }
}
