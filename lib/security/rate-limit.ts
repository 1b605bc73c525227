import type { Redis } from "ioredis";
import { sharedRedis } from "@/lib/redis";
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from "rate-limiter-flexible";
import { config } from "@/lib/config";
import { countOf } from "@/lib/text/count-of";

// Password guessing is slowed down per (address, account) with delays that double after a few
// free failures, so an attacker mostly slows himself down and the owner, from his own address,
// can still sign in. A looser limit per account (all addresses together) caps a guessing attack
// spread over many addresses. In memory by default; in Redis (REDIS_URL) so instances share it.

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

  constructor(
    readonly policy: LoginLimitPolicy,
    redis?: Redis,
    prefix = "login",
  ) {
    // With Redis, an outage falls back to the same limits in memory rather than refusing every sign-in.
    const make = (options: LimiterOptions): RateLimiterAbstract =>
      redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
    this.streaks = make({ keyPrefix: `${prefix}-streak`, points: Number.MAX_SAFE_INTEGER, duration: STREAK_MEMORY_SECONDS });
    this.blocks = make({ keyPrefix: `${prefix}-block`, points: 1, duration: 1 });
    this.accounts = make({ keyPrefix: `${prefix}-account`, points: policy.accountMaxFailures, duration: policy.accountWindowSeconds });
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
    const [streak] = await Promise.all([this.streaks.penalty(keys.pair), this.accounts.penalty(keys.account)]);
    const delay = delayAfterFailures(streak.consumedPoints, this.policy);
    if (delay > 0) await this.blocks.block(keys.pair, delay);
    return delay;
  }

  /** A right password from this address ends its streak (the per-account count stays). */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    const keys = this.keys(attempt);
    await Promise.all([this.streaks.delete(keys.pair), this.blocks.delete(keys.pair)]);
  }

  /**
   * Runs `verify` (the account for a right password, null for a wrong one) under the limits: throws
   * LoginThrottled without checking the password while this address must wait; records the outcome.
   */
  async attempt<T>(attempt: LoginAttempt, verify: () => Promise<T | null>): Promise<T | null> {
    await this.check(attempt);
    const account = await verify();
    if (account) await this.recordSuccess(attempt);
    else await this.recordFailure(attempt);
    return account;
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
