import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { delayAfterFailures, describeWait, LoginLimiter, LoginThrottled, type LoginLimitPolicy } from "./rate-limit";

const policy: LoginLimitPolicy = { freeFailures: 3, maxDelaySeconds: 8, accountMaxFailures: 12, accountWindowSeconds: 60 };

describe("delayAfterFailures", () => {
  it("is free for the first failures, then doubles from 1 s up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map((n) => delayAfterFailures(n, policy))).toEqual([0, 0, 0, 1, 2, 4, 8, 8, 8]);
    expect(delayAfterFailures(1000, { ...policy, maxDelaySeconds: 900 })).toBe(900);
  });

  it("describes waits in words", () => {
    expect([1, 45, 120, 900, 7200].map(describeWait)).toEqual(["1 second", "45 seconds", "2 minutes", "15 minutes", "2 hours"]);
  });
});

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
// A fresh key prefix per limiter, so runs never see each other's counts; their keys are removed at the end.
const prefixes: string[] = [];
afterAll(async () => {
  for (const prefix of redisUp ? prefixes : []) {
    const keys = await redis.keys(`${prefix}-*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
});

const stores = [
  ["in memory", () => new LoginLimiter(policy)],
  ["in Redis", () => new LoginLimiter(policy, redis, prefixes[prefixes.push(`test-${randomBytes(4).toString("hex")}`) - 1])],
] as const;

describe.each(stores)("LoginLimiter %s", (store, make) => {
  it.skipIf(store === "in Redis" && !redisUp)(
    "delays the guessing address, not the owner's, and a success resets the address",
    async () => {
      const limiter = make();
      const attacker = { scope: "user" as const, account: "domain:alice", address: "203.0.113.7" };
      const owner = { ...attacker, address: "198.51.100.2" };
      const wrong = () => limiter.attempt(attacker, async () => null);

      for (let i = 0; i < 3; i++) expect(await wrong()).toBeNull();
      expect(await wrong()).toBeNull(); // the 4th failure: 1 s from now on
      await expect(wrong()).rejects.toThrow(LoginThrottled);
      const refused = await limiter.check(attacker).catch((error: LoginThrottled) => error);
      expect(refused).toBeInstanceOf(LoginThrottled);
      expect((refused as LoginThrottled).retryAfterSeconds).toBe(1);
      expect((refused as LoginThrottled).message).toBe("Too many failed attempts to sign in to this account. Wait 1 second and try again.");

      // The owner, elsewhere, is not slowed down at all.
      expect(await limiter.attempt(owner, async () => "alice")).toBe("alice");

      await new Promise((r) => setTimeout(r, 1100));
      expect(await wrong()).toBeNull(); // the 5th failure: 2 s
      await expect(limiter.check(attacker)).rejects.toMatchObject({ retryAfterSeconds: 2 });

      await new Promise((r) => setTimeout(r, 2100));
      expect(await limiter.attempt(attacker, async () => "alice")).toBe("alice");
      // After a success the address starts again with its free failures.
      for (let i = 0; i < 3; i++) expect(await wrong()).toBeNull();
      await expect(limiter.check(attacker)).resolves.toBeUndefined();
    },
    15_000,
  );

  it.skipIf(store === "in Redis" && !redisUp)("makes every address wait once an account collects too many failures from many addresses", async () => {
    const limiter = make();
    const from = (address: string) => ({ scope: "developer" as const, account: "Dev@Example.com", address });
    for (let i = 0; i < policy.accountMaxFailures; i++) await limiter.recordFailure(from(`192.0.2.${i}`));
    const error = await limiter.check(from("198.51.100.9")).catch((e: LoginThrottled) => e);
    expect(error).toBeInstanceOf(LoginThrottled);
    expect((error as LoginThrottled).retryAfterSeconds).toBeGreaterThan(50);
    // Accounts are told apart case-insensitively but never mixed across scopes.
    await expect(limiter.check({ ...from("198.51.100.9"), account: "dev@example.com" })).rejects.toThrow(LoginThrottled);
    await expect(limiter.check({ ...from("198.51.100.9"), scope: "user" })).resolves.toBeUndefined();
  });

  it.skipIf(store === "in Redis" && !redisUp)("checks at most the free failures and one more of 60 wrong passwords sent at once", async () => {
    const limiter = make();
    const attacker = { scope: "user" as const, account: "domain:burst", address: "203.0.113.9" };
    let checked = 0;
    const slowWrong = async () => {
      checked++;
      await new Promise((r) => setTimeout(r, 20)); // a password hash takes a while
      return null;
    };
    const outcomes = await Promise.allSettled(Array.from({ length: 60 }, () => limiter.attempt(attacker, slowWrong)));
    expect(checked).toBe(policy.freeFailures + 1);
    expect(outcomes.filter((o) => o.status === "rejected" && o.reason instanceof LoginThrottled)).toHaveLength(60 - checked);
    // The burst left its delay: the next attempt waits, and the owner elsewhere does not.
    await expect(limiter.check(attacker)).rejects.toThrow(LoginThrottled);
    expect(await limiter.attempt({ ...attacker, address: "198.51.100.2" }, async () => "owner")).toBe("owner");
  });

  it.skipIf(store === "in Redis" && !redisUp)("checks at most the account's limit of wrong passwords sent at once from many addresses", async () => {
    const limiter = make();
    let checked = 0;
    const slowWrong = async () => {
      checked++;
      await new Promise((r) => setTimeout(r, 20));
      return null;
    };
    const from = (i: number) => ({ scope: "user" as const, account: "domain:spread", address: `192.0.2.${i}` });
    await Promise.allSettled(Array.from({ length: 60 }, (_, i) => limiter.attempt(from(i), slowWrong)));
    expect(checked).toBe(policy.accountMaxFailures);
  });
});
