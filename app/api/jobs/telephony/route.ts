import { runEngineTick } from "@/lib/calls/run-engine-tick";
import { jobRoute } from "@/lib/http/jobs-auth";

// The telephony engine's due events (rings, answers, hang-ups, DTMF, play and record completions):
// called every TELEPHONY_TICK_MS by the scheduler in lib/registry/server-start.ts, with an X-Jobs-Signature.
export const POST = jobRoute(runEngineTick);
