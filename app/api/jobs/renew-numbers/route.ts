import { jobRoute } from "@/lib/http/jobs-auth";
import { runRenewalBatch } from "@/lib/numbers/renew-numbers";

// Monthly renewal of purpose numbers: called once a minute by the scheduler in
// instrumentation.ts (or by an external cron) with an X-Jobs-Signature HMAC.
export const POST = jobRoute(runRenewalBatch);
