import { config } from "@/lib/core/config";

// Every application has a built-in receiver in the service itself (docs/webhooks.md, "Watching
// deliveries"): while someone watches it (the portal's Watch events page, `switchboard events tail`),
// each delivery is also sent, by the same sender and signer, to this route of the server itself,
// which checks the signature as a receiver would and records what arrived. The URL is the
// server's own, built here and never taken from a user, so it is exempt from the SSRF rules.

/** Where the server reaches itself: the scheduler's own address (lib/registry/server-start.ts). */
export function builtInReceiverUrl(applicationId: string): string {
  return `http://127.0.0.1:${config().PORT}/api/receiver/${applicationId}`;
}

/** A watch lasts this long after the last look; each look renews it. */
export const WATCH_LEASE_MS = 10 * 60_000;

export const isWatched = (app: { receiverWatchedUntil: Date | null }, now = new Date()) =>
  app.receiverWatchedUntil !== null && app.receiverWatchedUntil > now;
