import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { ApiError } from "@/lib/core/errors/api-error";
import { isDatabaseUnreachable } from "@/lib/core/errors/known-errors";
import type { z } from "zod";
import type { healthEntrySchema } from "./contracts";
import { eventLoopDelay } from "./event-loop";

export type Health = z.infer<typeof healthEntrySchema>;

/** Reports whether the database answers; a failure is a 503 naming the reason, logged in full. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    await prisma.$queryRaw`SELECT 1`;
  } catch (error) {
    const reason = isDatabaseUnreachable(error) ? "The database is not reachable." : "The database answered with an error.";
    log.error("health check failed", { reason, error: error instanceof Error ? error.message : String(error) });
    const health: Health = { status: "degraded", database: { reachable: false, error: reason }, version: "1.0" };
    throw new ApiError("service_unavailable", `${reason} The service cannot answer requests; retry in a few seconds.`, {
      retryAfter: 5,
      extra: { health },
    });
  }
  return {
    status: "ok",
    database: { reachable: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
    version: "1.0",
    eventLoopDelay: eventLoopDelay(),
  };
}
