import type { Redis } from "ioredis";
import { sharedRedis } from "@/lib/core/redis";
import { RateLimiterCluster, RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { inWorkerCluster } from "@/lib/core/workers";
import { config } from "@/lib/core/config";
import { countOf } from "@/lib/core/text/count-of";

// Password guessing is slowed down per (address, account) with delays that double after a few
// free failures, so an attacker mostly slows himself down and the owner, from his own address,
// can still sign in. A looser limit per account (all addresses together) caps a guessing attack
// spread over many addresses. In Redis (REDIS_URL) so instances share it; else in the launcher, so
// the web workers of one instance share it (RateLimiterClusterMaster there); alone, in memory.

export interface LoginLimitPolicy {
  /** Consecutive failures from one address for one account before delays start. */
  freeFailures: number;
  /** The delay doubles from 1 s after each further failure, up to this many seconds. */
  maxDelaySeconds: number;
  /** Failures for one account from all addresses within `accountWindowSeconds` before every address waits. */
  accountMaxFailures: number;
  accountWindowSeconds: number;
}

/** A failure streak from one address is forgotten after a day without failures. */
const STREAK_MEMORY_SECONDS = 24 * 60 * 60;
/** How long an unfinished attempt counts as in flight at most (a password check takes well under a second). */
const IN_FLIGHT_MEMORY_SECONDS = 60;

/** Seconds to wait after the `consecutive`-th failure in a row: 0, then 1, 2, 4, ... up to the cap. */
export function delayAfterFailures(consecutive: number, policy: LoginLimitPolicy): number {
  const over = consecutive - policy.freeFailures;
  return over <= 0 ? 0 : Math.min(2 ** Math.min(over - 1, 30), policy.maxDelaySeconds);
}

/** "1 second", "45 seconds", "2 minutes", "1 hour". */
export function describeWait(seconds: number): string {
  if (seconds < 90) return countOf(seconds, "second");
  if (seconds < 90 * 60) return countOf(Math.ceil(seconds / 60), "minute");
  return countOf(Math.ceil(seconds / 3600), "hour");
}

export class LoginThrottled extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed attempts to sign in to this account. Wait ${describeWait(retryAfterSeconds)} and try again.`);
    this.name = "LoginThrottled";
  }
}

/** Who tries to sign in: `scope` separates developers from end users (whose accounts are per domain). */
export interface LoginAttempt {
  scope: "developer" | "user";
  account: string;
  address: string;
}

type LimiterOptions = { keyPrefix: string; points: number; duration: number };

export class LoginLimiter {
  private readonly streaks: RateLimiterAbstract;
  private readonly blocks: RateLimiterAbstract;
  private readonly accounts: RateLimiterAbstract;
  private readonly inFlight: RateLimiterAbstract;

  constructor(
    readonly policy: LoginLimitPolicy,
    redis?: Redis,
    prefix = "login",
  ) {
    // With Redis, an outage falls back to the same limits in memory rather than refusing every sign-in.
    const make = (options: LimiterOptions): RateLimiterAbstract =>
      redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
        : inWorkerCluster()
          ? new RateLimiterCluster({ ...options, timeoutMs: 2_000 })
          : new RateLimiterMemory(options);
    this.streaks = make({ keyPrefix: `${prefix}-streak`, points: Number.MAX_SAFE_INTEGER, duration: STREAK_MEMORY_SECONDS });
    this.blocks = make({ keyPrefix: `${prefix}-block`, points: 1, duration: 1 });
    this.accounts = make({ keyPrefix: `${prefix}-account`, points: policy.accountMaxFailures, duration: policy.accountWindowSeconds });
    // Attempts whose password is being checked right now; expires in case a process dies mid-check.
    this.inFlight = make({ keyPrefix: `${prefix}-inflight`, points: Number.MAX_SAFE_INTEGER, duration: IN_FLIGHT_MEMORY_SECONDS });
  }

  private keys({ scope, account, address }: LoginAttempt) {
    const accountKey = `${scope}:${account.toLowerCase()}`;
    return { account: accountKey, pair: `${accountKey}:${address}` };
  }

  /** Throws LoginThrottled (with the seconds to wait) when this address, or everyone, must wait for this account. */
  async check(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    const [blocked, account] = await Promise.all([this.blocks.get(keys.pair), this.accounts.get(keys.account)]);
    const waits = [
      blocked && blocked.consumedPoints > 1 ? blocked.msBeforeNext : 0,
      account && account.consumedPoints >= this.policy.accountMaxFailures ? account.msBeforeNext : 0,
    ];
    const waitMs = Math.max(...waits);
    if (waitMs > 0) throw new LoginThrottled(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** Counts a wrong password; returns the seconds this address now waits for this account (0: none). */
  async recordFailure(attempt: LoginAttempt): Promise<number> {
    const keys = this.keys(attempt);
    await this.accounts.penalty(keys.account);
    return this.recordStreakFailure(keys.pair);
  }

  /** A right password from this address ends its streak (the per-account count stays). */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await Promise.all([this.streaks.delete(keys.pair), this.blocks.delete(keys.pair)]);
  }

  /**
   * Runs `verify` (the account for a right password, null for a wrong one) under the limits: throws
   * LoginThrottled without checking the password while this address must wait; records the outcome.
   *
   * Admission counts atomically (increments in one step, in memory or in Redis), never read-then-write:
   * every attempt first adds itself to the pair's in-flight count, so attempts sent at once see each
   * other, and a burst gets at most `freeFailures + 1` passwords checked before the first delay.
   */
  async attempt<T>(attempt: LoginAttempt, verify: () => Promise<T | null>): Promise<T | null> {
    const keys = this.keys(attempt);
    const inFlight = (await this.inFlight.penalty(keys.pair)).consumedPoints;
    try {
      await this.admit(keys, inFlight);
      let account: T | null;
      try {
        account = await verify();
      } catch (error) {
        await this.accounts.reward(keys.account); // not checked: not a failure
        throw error;
      }
      if (account) await Promise.all([this.recordSuccess(attempt), this.accounts.reward(keys.account)]);
      else await this.recordStreakFailure(keys.pair);
      return account;
    } finally {
      await this.inFlight.reward(keys.pair);
    }
  }

  /** Refuses an attempt that must wait; otherwise reserves its place in the per-account count. */
  private async admit(keys: { account: string; pair: string }, inFlight: number): Promise<void> {
    const [blocked, streak] = await Promise.all([this.blocks.get(keys.pair), this.streaks.get(keys.pair)]);
    if (blocked && blocked.consumedPoints > 1) throw new LoginThrottled(Math.max(1, Math.ceil(blocked.msBeforeNext / 1000)));
    // Failures recorded plus attempts unfinished (this one included) bound the attempts of the streak so
    // far: past the free ones plus the first delayed one, only an attempt with none beside it may go on
    // (the previous one's delay, set before it left the in-flight count, has run out).
    const failures = streak?.consumedPoints ?? 0;
    if (inFlight > 1 && failures + inFlight > this.policy.freeFailures + 1) {
      throw new LoginThrottled(Math.max(1, delayAfterFailures(failures + 1, this.policy)));
    }
    const account = await this.accounts.penalty(keys.account);
    if (account.consumedPoints > this.policy.accountMaxFailures) {
      await this.accounts.reward(keys.account);
      throw new LoginThrottled(Math.max(1, Math.ceil(account.msBeforeNext / 1000)));
    }
  }

  /** Counts a wrong password in the address's streak and starts its delay (the account count was reserved at admission). */
  private async recordStreakFailure(pair: string): Promise<number> {
    const streak = await this.streaks.penalty(pair);
    const delay = delayAfterFailures(streak.consumedPoints, this.policy);
    if (delay > 0) await this.blocks.block(pair, delay);
    return delay;
  }
}

let shared: LoginLimiter | undefined;

/** The limiter every sign-in of this process goes through, configured from the environment. */
export function loginLimiter(): LoginLimiter {
  if (shared) return shared;
  const c = config();
  const redis = sharedRedis() ?? undefined;
  shared = new LoginLimiter(
    {
      freeFailures: c.LOGIN_FREE_FAILURES,
      maxDelaySeconds: c.LOGIN_MAX_DELAY_SECONDS,
      accountMaxFailures: c.LOGIN_ACCOUNT_MAX_FAILURES,
      accountWindowSeconds: c.LOGIN_ACCOUNT_WINDOW_SECONDS,
    },
    redis,
  );
  return shared;
}
