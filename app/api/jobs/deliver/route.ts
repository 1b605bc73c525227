import { runDeliveryBatch } from "@/lib/outbox/deliver";
import { jobRoute } from "@/lib/http/jobs-auth";

// Background webhook fan-out: called every DELIVERY_INTERVAL_MS by the scheduler in
// instrumentation.ts (or by an external cron) with an X-Jobs-Signature HMAC.
export const POST = jobRoute(runDeliveryBatch);
