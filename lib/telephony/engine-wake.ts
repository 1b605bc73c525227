import { config } from "@/lib/core/config";
import type { Tx } from "@/lib/core/db/client";
import { listenOnPostgres } from "@/lib/core/db/listen";
import { broadcast, onBroadcast } from "@/lib/core/workers";

// With the SIP engine in a process of its own (TELEPHONY_PROCESS=separate), the web processes'
// commands are rows of SipEngineCommand committed with the call's change; this wakes the engine's
// process to send them at once rather than at its next look (every TELEPHONY_TICK_MS). On
// PostgreSQL a NOTIFY in the command's own transaction, delivered at its commit and never if it
// rolls back; on the embedded PGlite (one shared session: no NOTIFY between its clients) a broadcast
// through the launcher after the commit.

const CHANNEL = "switchboard_engine_commands";

const embedded = () => config().DB_EMBEDDED === "1";

/** Inside the transaction that writes a command: on PostgreSQL, the engine's process hears of it at the commit. */
export async function wakeEngineAtCommit(tx: Tx): Promise<void> {
  if (!embedded()) await tx.$executeRaw`SELECT pg_notify(${CHANNEL}, '')`;
}

/** After a commit that wrote commands: on the embedded database, through the launcher (on PostgreSQL the commit did it). */
export function wakeEngineNow(): void {
  if (embedded()) broadcast(CHANNEL, null);
}

/** In the engine's own process: calls `wake` whenever a web process committed commands; returns what stops listening. */
export function onEngineWake(wake: () => void): () => void {
  return embedded() ? onBroadcast(CHANNEL, wake) : listenOnPostgres(CHANNEL, wake);
}
