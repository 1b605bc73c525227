import { config } from "@/lib/core/config";
import { ApiError } from "@/lib/core/errors/api-error";
import { sharedRedis } from "@/lib/core/redis";
import { inWorkerCluster } from "@/lib/core/workers";
import { describeWait } from "./rate-limit";
import { LauncherBuckets, MemoryBuckets, RedisBuckets, type BucketSpec, type BucketState, type TakeResult } from "./token-bucket";

// REST rate limits (docs/security.md, "Rate limits"): which buckets a request is charged to, the
// RateLimit-* headers every REST answer carries, and the refusal past a limit.

/** Who a request is charged to, known once its signature was checked (or not). */
export type RequestIdentity =
  | { kind: "user-token"; applicationId: string; tokenId: string }
  | { kind: "two-legged"; applicationId: string }
  | { kind: "unsigned"; address: string };

export function bucketsFor(identity: RequestIdentity, c = config()): BucketSpec[] {
  const windowMs = c.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const bucket = (key: string, capacity: number): BucketSpec => ({ key, capacity, windowMs });
  switch (identity.kind) {
    case "user-token":
      return [bucket(`token:${identity.tokenId}`, c.RATE_LIMIT_USER_TOKEN), bucket(`consumer:${identity.applicationId}`, c.RATE_LIMIT_CONSUMER_KEY)];
    case "two-legged":
      return [
        bucket(`two-legged:${identity.applicationId}`, c.RATE_LIMIT_TWO_LEGGED),
        bucket(`consumer:${identity.applicationId}`, c.RATE_LIMIT_CONSUMER_KEY),
      ];
    case "unsigned":
      return [bucket(`address:${identity.address}`, c.RATE_LIMIT_UNSIGNED)];
  }
}

let store: MemoryBuckets | LauncherBuckets | RedisBuckets | undefined;

/** Redis when configured (every instance); else the launcher's (the web workers of this instance); else this process's. */
function buckets(): MemoryBuckets | LauncherBuckets | RedisBuckets {
  if (store) return store;
  const redis = sharedRedis();
  store = redis ? new RedisBuckets(redis, config().RATE_LIMIT_REDIS_PREFIX) : inWorkerCluster() ? new LauncherBuckets() : new MemoryBuckets();
  return store;
}

/** Charges one request to the identity's buckets (all or none). */
export async function takeRequest(identity: RequestIdentity): Promise<TakeResult> {
  return buckets().take(bucketsFor(identity));
}

/** The bucket that limits the client most: the one refusing, else the one with the fewest requests left. */
function tightest(result: TakeResult) {
  const tighter = result.allowed
    ? (a: BucketState, b: BucketState) => (b.remaining / b.spec.capacity < a.remaining / a.spec.capacity ? b : a)
    : (a: BucketState, b: BucketState) => (b.msUntilNext > a.msUntilNext ? b : a);
  return result.buckets.reduce(tighter);
}

/** RateLimit-Limit, -Remaining, -Reset (seconds until the bucket is full) and -Policy, of the tightest bucket. */
export function rateLimitHeaders(result: TakeResult): Record<string, string> {
  const bucket = tightest(result);
  const windowSeconds = bucket.spec.windowMs / 1000;
  return {
    "RateLimit-Limit": String(bucket.spec.capacity),
    "RateLimit-Remaining": String(bucket.remaining),
    "RateLimit-Reset": String(Math.ceil(bucket.msUntilFull / 1000)),
    "RateLimit-Policy": `${bucket.spec.capacity};w=${windowSeconds}`,
  };
}

/** The answer past a limit: 409 limit_exceeded (the spec's status for "limit exceeded"; 429 is not in its table), with Retry-After. */
export function rateLimitRefusal(result: TakeResult): ApiError {
  const bucket = tightest(result);
  const retryAfter = Math.max(1, Math.ceil(bucket.msUntilNext / 1000));
  const who = bucket.spec.key.split(":")[0];
  const what =
    who === "token"
      ? "this access token"
      : who === "two-legged"
        ? "this application's requests without a user token"
        : who === "consumer"
          ? "this application"
          : "unsigned requests from your address";
  return new ApiError(
    "limit_exceeded",
    `Too many requests for ${what}: at most ${bucket.spec.capacity} per ${bucket.spec.windowMs / 1000} ` +
      `seconds. Wait ${describeWait(retryAfter)} and try again.`,
    { headers: { "Retry-After": String(retryAfter), ...rateLimitHeaders(result) }, extra: { retryAfter, limit: bucket.spec.capacity } },
  );
}
