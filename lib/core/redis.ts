import { Redis } from "ioredis";
import { config } from "@/lib/core/config";
import { log } from "@/lib/core/log";

let client: Redis | null | undefined;

/** The process's one Redis connection when REDIS_URL is set (shared limits, nonces), else null. */
export function sharedRedis(): Redis | null {
  if (client !== undefined) return client;
  const url = config().REDIS_URL;
  client = url ? new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) : null;
  client?.on("error", (error: Error) => log.warn("Redis is unavailable", { error: error.message }));
  return client;
}
