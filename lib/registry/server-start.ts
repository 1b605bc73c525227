import { config } from "@/lib/core/config";
import { jobsSignature } from "@/lib/http/jobs-auth";
import { whileLeading } from "@/lib/core/db/leader-lock";
import { log } from "@/lib/core/log";
import { listenForCallChanges } from "@/lib/calls/call-changes";
import { engineHooks } from "@/lib/calls/engine-events";
import { bindEngineHooks } from "@/lib/telephony/configured-engine";

/** Runs once when the Next.js server process starts (instrumentation.ts); returns what stops its timers (the in-process test harness). */
export function onServerStart(): () => void {
  // Started by scripts/start.ts with an ipc channel: exit when the launcher goes away, even on
  // kill -9, so no orphan server keeps running without its embedded database.
  if (typeof process.send === "function") process.on("disconnect", () => process.exit(0));
  bindCallsToEngine();
  listenForCallChanges();
  return startJobScheduler();
}

/** The telephony engine reports to the calls API: bound here, once per process (a web process, the engine's own), so neither imports the other. */
export function bindCallsToEngine(): void {
  bindEngineHooks(engineHooks);
}

/** SMS delivery reports are applied within a second of being due (docs/messages.md). */
const SMS_REPORT_INTERVAL_MS = 1000;

/**
 * Calls the job routes on timers: delivery every DELIVERY_INTERVAL_MS, so retries happen with no
 * external cron, and the purpose-number renewal once a minute. It goes through HTTP rather than
 * importing the jobs: route handlers and this file are separate bundles, and a second database
 * client would open a second PGlite session.
 */
function startJobScheduler(): () => void {
  const { DELIVERY_SCHEDULER } = config();
  if (DELIVERY_SCHEDULER === "off") return () => {};
  // Once per deployment: the instance holding the scheduler's lock runs the jobs, the others stand by (lib/core/db/leader-lock.ts).
  return whileLeading("job-scheduler", runJobs);
}

/** Every job on its timer; returns what stops them. */
function runJobs(): () => void {
  const { DELIVERY_INTERVAL_MS } = config();
  const stops = [
    every(DELIVERY_INTERVAL_MS, "/api/jobs/deliver"),
    // Purpose numbers are renewed by the month: looking once a minute (NUMBER_RENEWAL_INTERVAL_MS) is plenty.
    every(config().NUMBER_RENEWAL_INTERVAL_MS, "/api/jobs/renew-numbers"),
    every(SMS_REPORT_INTERVAL_MS, "/api/jobs/sms-reports"),
    // Calls: fires the telephony engine's due events; its first run also reconciles calls after a restart.
    // Not where the engine has a process of its own: that process looks every TELEPHONY_TICK_MS itself.
    ...(config().TELEPHONY_PROCESS === "separate" ? [] : [every(config().TELEPHONY_TICK_MS, "/api/jobs/telephony")]),
    // Voicemail is recorded right after the request that ended its call; every 5 s this takes what that missed (a restart, a failed try).
    every(5_000, "/api/jobs/voicemail"),
    // Blobs no media file names (a crash mid-upload, a failed delete): a bounded page each time, and once at start.
    every(config().MEDIA_SWEEP_INTERVAL_MS, "/api/jobs/sweep-media", { atStart: true }),
  ];
  return () => stops.forEach((stop) => stop());
}

/** While a job fails (its route answers 503 with the database down, or no answer), its calls space out up to this. */
const MAX_BACKOFF_MS = 30_000;

/**
 * Calls a job route every `interval` ms, never while its previous call is still running. A call that
 * fails doubles the wait before the next one (up to MAX_BACKOFF_MS), so a database that is down is
 * not hammered by every job; the first success goes back to the interval.
 */
function every(interval: number, route: string, { atStart = false } = {}): () => void {
  const { PORT: port } = config();
  let running = false;
  let failures = 0;
  let nextAt = 0;
  const tick = async () => {
    if (running || Date.now() < nextAt) return;
    running = true;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${route}`, { method: "POST", headers: { "x-jobs-signature": jobsSignature() } });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`answered ${response.status}`);
      if (failures) log.warn("job runs again", { route, failedTimes: failures });
      failures = 0;
    } catch (error) {
      // The server is starting or stopping, or the database is down: wait longer before the next try.
      failures++;
      const backoff = backoffMs(interval, failures);
      nextAt = Date.now() + backoff;
      if (failures === 1 || backoff === MAX_BACKOFF_MS)
        log.warn("job failed; backing off", { route, error: (error as Error).message, retryInMs: backoff });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, interval).unref();
  // The server is not listening yet when this runs: the first call waits a little.
  const first = atStart ? setTimeout(tick, 5_000).unref() : undefined;
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}

/** The wait after `failures` failed calls in a row: twice the interval, doubling, at most MAX_BACKOFF_MS. */
export function backoffMs(interval: number, failures: number): number {
  return Math.min(MAX_BACKOFF_MS, interval * 2 ** Math.min(failures, 20));
}
