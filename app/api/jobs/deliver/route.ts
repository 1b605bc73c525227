import { runDeliveryBatch } from "@/lib/events/deliver";
import { verifyJobsSignature } from "@/lib/events/jobs-auth";

// Background webhook fan-out: called every DELIVERY_INTERVAL_MS by the scheduler in
// instrumentation.ts (or by an external cron) with an X-Jobs-Signature HMAC.
export async function POST(request: Request) {
  if (!verifyJobsSignature(request.headers.get("x-jobs-signature"))) {
    return Response.json({ error: "A valid X-Jobs-Signature is required." }, { status: 401 });
  }
  return Response.json(await runDeliveryBatch());
}
