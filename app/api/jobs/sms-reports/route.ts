import { jobRoute } from "@/lib/http/jobs-auth";
import { applyDueReports } from "@/lib/messages/apply-sms-reports";

// SMS delivery reports that are due (docs/messages.md): called every second by the scheduler in
// instrumentation.ts (or by an external cron) with an X-Jobs-Signature HMAC.
export const POST = jobRoute(() => applyDueReports());
