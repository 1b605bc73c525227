import { jobRoute } from "@/lib/http/jobs-auth";
import { applyDueReports } from "@/lib/messages/apply-sms-reports";
import { submitQueuedSms } from "@/lib/messages/sms-outbox";

// SMS delivery reports that are due, and the SMS outbox's submissions that are due (docs/messages.md):
// called every second by the scheduler in instrumentation.ts (or by an external cron) with an
// X-Jobs-Signature HMAC. With SMS_ENGINE=smpp its first run also binds to the carrier.
export const POST = jobRoute(async () => ({ ...(await applyDueReports()), submissions: await submitQueuedSms() }));
