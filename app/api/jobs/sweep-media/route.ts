import { jobRoute } from "@/lib/http/jobs-auth";
import { runOrphanBlobSweep } from "@/lib/media/sweep-orphan-blobs";

// Removes media blobs no file names, one bounded page per call: called at start and every
// MEDIA_SWEEP_INTERVAL_MS by the scheduler in instrumentation.ts (or by an external cron).
export const POST = jobRoute(runOrphanBlobSweep);
