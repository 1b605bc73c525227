import pg from "pg";
import { config } from "@/lib/core/config";
import { log } from "@/lib/core/log";

// One holder per deployment: a PostgreSQL session-level advisory lock, held on a connection of its
// own for as long as the process runs. The instance that holds it leads; the others try again
// every few seconds, and take over within that time once the leader's connection goes (a stop, a
// crash, kill -9: the server releases the lock with the session). On the embedded database every
// worker shares PGlite's one session, where such a lock excludes no one: the launcher turns the
// scheduler off in all workers but the first (docs/deploy.md), and a process that runs it leads.

/** How often an instance that does not lead tries to take the lock. */
export const LEADER_RETRY_MS = 5_000;

/** The lock's key: a fixed 64-bit number per name (pg_try_advisory_lock takes a bigint). */
export function leaderLockKey(name: string): bigint {
  let hash = 0xcbf29ce484222325n; // FNV-1a, 64 bits
  for (const byte of Buffer.from(`switchboard:${name}`)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return BigInt.asIntN(64, hash);
}

/** How soon a leader whose lock connection dropped (a database restart) connects and takes it again. */
export const LEADER_RECONNECT_MS = 1_000;

/**
 * Calls `lead` once this process holds the lock named `name`, and the function `lead` returned once
 * another instance holds it instead. A leader whose connection drops (the database restarting) keeps
 * leading (its jobs back off on their own while the database is down) and takes the lock again as
 * soon as it can connect; only if another instance took it meanwhile does it stop. Returns what
 * stops trying and lets go.
 */
export function whileLeading(name: string, lead: () => () => void): () => void {
  const { DATABASE_URL, DB_EMBEDDED } = config();
  if (DB_EMBEDDED === "1" || !DATABASE_URL) return lead();
  let stopped = false;
  let client: pg.Client | undefined;
  let stopLeading: (() => void) | undefined;
  let retry: NodeJS.Timeout | undefined;
  const again = () => {
    if (!stopped) retry = setTimeout(() => void attempt(), stopLeading ? LEADER_RECONNECT_MS : LEADER_RETRY_MS).unref();
  };
  const dropped = (candidate: pg.Client, error?: Error) => {
    if (client !== candidate) return;
    client = undefined;
    candidate.end().catch(() => undefined);
    log.warn("the job scheduler's lock connection dropped; taking the lock again", { lock: name, error: error?.message });
    again();
  };
  const attempt = async () => {
    const candidate = new pg.Client({ connectionString: DATABASE_URL, keepAlive: true });
    candidate.on("error", (error) => dropped(candidate, error));
    candidate.on("end", () => dropped(candidate));
    try {
      await candidate.connect();
      const { rows } = await candidate.query<{ held: boolean }>("SELECT pg_try_advisory_lock($1) AS held", [leaderLockKey(name).toString()]);
      if (stopped || !rows[0]?.held) {
        await candidate.end();
        if (stopLeading && !stopped) {
          log.warn("another instance runs the job scheduler now", { lock: name });
          stopLeading();
          stopLeading = undefined;
        }
        return again();
      }
      client = candidate;
      if (!stopLeading) {
        log.info("this instance runs the job scheduler", { lock: name });
        stopLeading = lead();
      }
    } catch {
      await candidate.end().catch(() => undefined);
      again(); // the database is not there (yet): a leader's jobs go on backing off meanwhile
    }
  };
  void attempt();
  return () => {
    stopped = true;
    clearTimeout(retry);
    stopLeading?.();
    stopLeading = undefined;
    const last = client;
    client = undefined;
    last?.end().catch(() => undefined);
  };
}
