import { config } from "@/lib/config";
import { jobsSignature } from "@/lib/events/jobs-auth";

/** Runs once when the Next.js server process starts (instrumentation.ts). */
export function onServerStart() {
  // Started by scripts/start.ts with an ipc channel: exit when the launcher goes away, even on
  // kill -9, so no orphan server keeps running without its embedded database.
  if (typeof process.send === "function") process.on("disconnect", () => process.exit(0));
  startDeliveryScheduler();
}

/**
 * Calls the delivery job route every DELIVERY_INTERVAL_MS, so retries happen with no external cron.
 * It goes through HTTP rather than importing the job: route handlers and this file are separate
 * bundles, and a second database client would open a second PGlite session.
 */
function startDeliveryScheduler() {
  const { PORT: port, DELIVERY_SCHEDULER, DELIVERY_INTERVAL_MS: interval } = config();
  if (DELIVERY_SCHEDULER === "off") return;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await fetch(`http://127.0.0.1:${port}/api/jobs/deliver`, { method: "POST", headers: { "x-jobs-signature": jobsSignature() } });
    } catch {
      // the server is starting or stopping; the next tick retries
    } finally {
      running = false;
    }
  };
  setInterval(tick, interval).unref();
}
