import { runEngineTick } from "@/lib/calls/run-engine-tick";
import { jobRoute } from "@/lib/events/jobs-auth";

// The telephony engine's due events (rings, answers, hang-ups, DTMF, play and record completions):
// called every TELEPHONY_TICK_MS by the scheduler in lib/server-start.ts, with an X-Jobs-Signature.
export const POST = jobRoute(runEngineTick);
