import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";

export const healthEntrySchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({ reachable: z.boolean(), latencyMs: z.number().optional(), error: z.string().optional() }),
    version: z.string(),
    /** How late timers ran over the last 10 s (ms): a busy or blocked server shows here first. */
    eventLoopDelay: z.object({ p99Ms: z.number(), maxMs: z.number(), windowSeconds: z.number() }).optional(),
  })
  .meta({ id: "Health" });

export const healthContract = defineContract({
  operationId: "health",
  method: "GET",
  path: "/health",
  tag: "Service",
  summary: "Whether the service and its database answer",
  description: "Public, for load balancers. 503 with Retry-After and the reason when the database does not answer.",
  auth: "none",
  success: { status: 200, description: "Healthy.", entry: healthEntrySchema },
});

export const openApiContract = defineContract({
  operationId: "openApi",
  method: "GET",
  path: "/openapi.json",
  tag: "Service",
  summary: "This API's OpenAPI 3.1 document",
  auth: "none",
  success: { status: 200, description: "The OpenAPI document.", contentType: "application/json" },
});
