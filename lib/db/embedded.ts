import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { acquireDataDirLock } from "./data-dir-lock";

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Opens PGlite on disk and serves it on a loopback port, so the app reaches it through the same
 * @prisma/adapter-pg as a real PostgreSQL server (same errors, same SQL, same tests).
 * PGlite is single-session: two clients active at once would interleave their extended-protocol
 * messages and mix their statements. So only one client is ever active: the launcher's pool closes
 * before the app starts, and the app's pool holds one connection (DB_POOL_MAX=1). The second slot
 * only absorbs the moment when the launcher's socket is still closing as the app connects.
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<EmbeddedDatabase> {
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0, maxConnections: 2 });
    await server.start();
    return {
      url: `postgres://postgres@${server.getServerConn()}/postgres`,
      async stop() {
        await server.stop();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
