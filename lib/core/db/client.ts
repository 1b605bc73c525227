import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { config } from "@/lib/core/config";
import { log } from "@/lib/core/log";

// One pool and one client per process. The launcher (scripts/start.ts) sets DATABASE_URL for both
// databases: a real PostgreSQL server, or the embedded PGlite it serves on a Unix socket. Prisma
// and the few raw queries on the signed-request path (`sql`) share the pool: PGlite has one session.
function createPool() {
  const { DATABASE_URL, DB_POOL_MAX, DB_EMBEDDED, DB_CONNECT_TIMEOUT_MS } = config();
  const pool = new pg.Pool({
    connectionString: DATABASE_URL,
    max: DB_POOL_MAX,
    // PostgreSQL down or unreachable: each new connection gives up after DB_CONNECT_TIMEOUT_MS (a 503),
    // and TCP keep-alive notices a vanished server under an idle connection. Only the connection
    // itself is timed: waiting for a busy pool's free connection under load is not a failure.
    Client: DB_EMBEDDED === "1" ? pg.Client : connectionTimedClient(DB_CONNECT_TIMEOUT_MS),
    // PGlite runs one connection; keeping it open avoids a reconnect handshake per idle period.
    idleTimeoutMillis: DB_EMBEDDED === "1" ? 0 : 10_000,
  });
  // An idle connection dropped by the server must not crash the process: the pool replaces it.
  pool.on("error", (error) => log.warn("idle database connection failed", { error: error.message }));
  return pool;
}

function connectionTimedClient(timeoutMs: number): typeof pg.Client {
  return class extends pg.Client {
    constructor(options?: pg.ClientConfig) {
      super({ ...options, connectionTimeoutMillis: timeoutMs, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    }
  };
}

/**
 * For transactions that queue for a contended row (a billing account) and, on PGlite, for its one
 * connection, or that do much at once (ending a call): wait rather than fail at Prisma's 5 s.
 */
const QUEUE_PATIENTLY = { maxWait: 10_000, timeout: 15_000 };

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pool?: pg.Pool };
const pool = (globalForPrisma.pool ??= createPool());
// Every transaction queues patiently by default: on PGlite all of them share one connection, and 30
// users created at once waited longer than Prisma's 2 s for theirs (a 500 each, seen in the soak).
export const prisma = (globalForPrisma.prisma ??= new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: QUEUE_PATIENTLY }));

/**
 * A raw query on the shared pool, for the hot path only: about a fifth of the CPU of the same
 * statement through Prisma (docs/performance.md). Values are always parameters, never spliced.
 * Each distinct text is a named prepared statement, parsed once per connection instead of per call
 * (with PGlite, whose parser and planner run in WebAssembly, this doubled the signed list's req/s).
 */
export function sql<Row extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[]) {
  return pool.query<Row>({ name: statementName(text), text, values });
}

// The hot path has a handful of statement shapes; past this many, a text is sent unnamed.
const MAX_NAMED_STATEMENTS = 500;
const statementNames = new Map<string, string>();
// PGlite serves every web worker's connection on its one session, where prepared statements are
// shared: each process names its own (the socket server deallocates them when its connection closes).
const processTag = ((globalThis as { __statementTag?: string }).__statementTag ??= randomBytes(3).toString("hex"));

/** A stable name per statement text in this process (undefined past the limit: an unnamed, unprepared statement). */
export function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `hot_${processTag}_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** Closes the process's client and pool (a script or test done with the database). */
export async function closeDatabase() {
  await prisma.$disconnect();
  // $disconnect leaves a pool passed to the adapter open.
  await pool.end();
}
