import { config } from "@/lib/config";
import { jobsSignature } from "@/lib/events/jobs-auth";

/** Runs once when the Next.js server process starts (instrumentation.ts). */
export function onServerStart() {
  // Started by scripts/start.ts with an ipc channel: exit when the launcher goes away, even on
  // kill -9, so no orphan server keeps running without its embedded database.
  if (typeof process.send === "function") process.on("disconnect", () => process.exit(0));
  startJobScheduler();
}

/** Purpose numbers are renewed by the month: looking once a minute is plenty. */
const RENEWAL_INTERVAL_MS = 60_000;

/**
 * Calls the job routes on timers: delivery every DELIVERY_INTERVAL_MS, so retries happen with no
 * external cron, and the purpose-number renewal once a minute. It goes through HTTP rather than
 * importing the jobs: route handlers and this file are separate bundles, and a second database
 * client would open a second PGlite session.
 */
function startJobScheduler() {
  const { DELIVERY_SCHEDULER, DELIVERY_INTERVAL_MS } = config();
  if (DELIVERY_SCHEDULER === "off") return;
  every(DELIVERY_INTERVAL_MS, "/api/jobs/deliver");
  every(RENEWAL_INTERVAL_MS, "/api/jobs/renew-numbers");
  // Calls: fires the telephony engine's due events; its first run also reconciles calls after a restart.
  every(config().TELEPHONY_TICK_MS, "/api/jobs/telephony");
}

/** Calls a job route every `interval` ms, never while its previous call is still running. */
function every(interval: number, route: string) {
  const { PORT: port } = config();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await fetch(`http://127.0.0.1:${port}${route}`, { method: "POST", headers: { "x-jobs-signature": jobsSignature() } });
    } catch {
      // the server is starting or stopping; the next tick retries
    } finally {
      running = false;
    }
  };
  setInterval(tick, interval).unref();
}
