import { jobRoute } from "@/lib/http/jobs-auth";
import { runPendingVoicemails } from "@/lib/voicemail/pending-voicemail";

// Records the voicemail of unanswered inbound calls (docs/voicemail.md): called every
// TELEPHONY_TICK_MS by the scheduler in lib/registry/server-start.ts, with an X-Jobs-Signature.
export const POST = jobRoute(runPendingVoicemails);
