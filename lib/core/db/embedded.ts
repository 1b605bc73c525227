import fs from "node:fs";
import path from "node:path";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGlite } from "@electric-sql/pglite";
import { acquireDataDirLock } from "./data-dir-lock";
import { SharedSessionServer } from "./shared-session-server";

export interface EmbeddedDatabase {
  url: string;
  /** The folder (mode 0700) holding the Unix socket `.s.PGSQL.5432` (mode 0600). */
  socketDir: string;
  stop: () => Promise<void>;
}

/**
 * PostgreSQL settings of the embedded database, for a small machine (docs/decisions.md, "Footprint",
 * measured one by one with scripts/bench-pglite-memory.ts and in the launcher). PGlite zero-fills its
 * shared memory when it starts, and its WebAssembly memory never shrinks: shared memory is resident
 * from the first second, and every other buffer stays at its high-water mark. shared_buffers: 8MB
 * (PostgreSQL's default 128MB; the kernel's page cache holds the data directory's files anyway).
 * max_connections: PGlite runs one session (every web worker shares it through the launcher's
 * socket), so the per-backend tables PostgreSQL sizes for 100 (locks, snapshots) hold 5.
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: "8MB",
  max_connections: "5",
};

/** The name libpq and node-postgres look for in a socket folder (port 5432). */
export const SOCKET_FILE = ".s.PGSQL.5432";
// Linux's sun_path holds 108 bytes with the closing NUL; Node silently truncates longer paths.
const MAX_SOCKET_PATH_BYTES = 107;

/**
 * Opens PGlite on disk and serves it on a Unix socket in DATA_DIR, so the app reaches it through
 * the same @prisma/adapter-pg as a real PostgreSQL server (same errors, same SQL, same tests).
 * The socket server has no authentication: the socket's folder (0700) and file (0600) admit only
 * this OS user (docs/security.md). PGlite has one session: the server (shared-session-server.ts)
 * runs each client's queries whole, one client at a time, so every web worker can hold a connection.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  settings: Readonly<Record<string, string>> = EMBEDDED_SETTINGS,
): Promise<EmbeddedDatabase> {
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const socketDir = prepareSocketDir(dataDir);
    const socketPath = path.join(socketDir, SOCKET_FILE);
    // pg_trgm: the trigram indexes behind the list filters (migration list_indexes).
    const startParams = [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
    const db = await PGlite.create(path.join(dataDir, "pglite"), { extensions: { pg_trgm }, startParams });
    const server = new SharedSessionServer(db, socketPath);
    try {
      await server.start();
      fs.chmodSync(socketPath, 0o600);
    } catch (error) {
      await server.stop();
      await db.close();
      throw error;
    }
    return {
      url: embeddedDatabaseUrl(socketDir),
      socketDir,
      async stop() {
        await server.stop(); // also removes the socket file
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** node-postgres reads a `host` starting with "/" as the folder of a Unix socket. */
export function embeddedDatabaseUrl(socketDir: string): string {
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
}

/** Call only while holding the data-dir lock: a socket file found then is left by a killed run. */
function prepareSocketDir(dataDir: string): string {
  const socketDir = path.join(path.resolve(dataDir), "socket");
  const socketPath = path.join(socketDir, SOCKET_FILE);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `The embedded database's socket path ${socketPath} is longer than ${MAX_SOCKET_PATH_BYTES} bytes, ` +
        `the limit for a Unix socket. Set DATA_DIR to a shorter path.`,
    );
  }
  fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  const folder = fs.lstatSync(socketDir);
  if (!folder.isDirectory() || folder.uid !== process.getuid?.()) {
    throw new Error(`${socketDir} must be a folder owned by the user running the server; remove it and start again.`);
  }
  fs.chmodSync(socketDir, 0o700);
  fs.rmSync(socketPath, { force: true });
  return socketDir;
}
