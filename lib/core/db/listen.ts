import pg from "pg";
import { config } from "@/lib/core/config";
import { log } from "@/lib/core/log";

// PostgreSQL LISTEN on a connection of its own (the pool's connections come and go), for as long as
// the process runs: it reconnects after a failure. A NOTIFY sent while it was reconnecting is lost,
// so whoever listens also looks again on a long interval.

const RECONNECT_MS = 1000;

/** Calls `received` with each payload NOTIFYed on `channel` (a plain identifier); returns what stops listening. */
export function listenOnPostgres(channel: string, received: (payload: string) => void): () => void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: config().DATABASE_URL, keepAlive: true });
    current = client;
    let retried = false;
    const retry = (error?: Error) => {
      if (retried || stopped) return;
      retried = true;
      if (error) log.warn("LISTEN connection failed; reconnecting", { channel, error: error.message });
      client.end().catch(() => undefined);
      setTimeout(() => void (stopped || connect()), RECONNECT_MS).unref();
    };
    client.on("notification", (message) => message.channel === channel && received(message.payload ?? ""));
    client.on("error", retry);
    client.on("end", () => retry());
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      retry(error as Error);
    }
  };
  void connect();
  return () => {
    stopped = true;
    current?.end().catch(() => undefined);
  };
}
