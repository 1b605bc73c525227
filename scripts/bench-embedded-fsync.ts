// npx tsx scripts/bench-embedded-fsync.ts [commits]: what fsync would cost the embedded database.
// Opens a throwaway PGlite twice, each time served on a Unix socket and reached through `pg` as
// the app reaches it: as shipped (PGlite's `-F`: fsync off), then durable (fsync=on,
// wal_sync_method=fsync, and Emscripten's NODEFS given the fsync it lacks, calling fs.fsyncSync on
// the real file). Each runs `commits` single-row INSERT commits one after another, as many at once
// on one pooled connection (like the app's DB_POOL_MAX=1), and as many BEGIN/2 INSERTs/COMMIT
// transactions, and counts the real fsync calls. Results: docs/performance.md, docs/security.md.
import "./require-supported-node";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";

interface NodeFsStream {
  nfd: number;
}
interface EmscriptenModule {
  FS: { filesystems: { NODEFS: { stream_ops: { fsync?: (stream: NodeFsStream) => number } } } };
}

let realFsyncCalls = 0;

/** PGlite's Node filesystem with a working fsync (its own is missing, so PostgreSQL's fsync does nothing). */
class FsyncingNodeFS extends NodeFS {
  async init(pglite: PGlite, emscriptenOptions: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pglite, emscriptenOptions);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...(Array.isArray(preRun) ? preRun : [preRun]),
      (module: EmscriptenModule) => {
        module.FS.filesystems.NODEFS.stream_ops.fsync = (stream) => {
          realFsyncCalls++;
          fs.fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}

async function measure(durable: boolean, commits: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-fsync-"));
  const dataDir = path.join(dir, "pglite");
  const db = await PGlite.create({
    dataDir,
    ...(durable && {
      fs: new FsyncingNodeFS(dataDir),
      startParams: [...PGlite.defaultStartParams.filter((p) => p !== "-F"), "-c", "fsync=on", "-c", "wal_sync_method=fsync"],
    }),
  });
  const server = new PGLiteSocketServer({ db, path: path.join(dir, ".s.PGSQL.5432") });
  await server.start();
  const pool = new pg.Pool({ connectionString: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`, max: 1 });
  try {
    const fsyncSetting = (await pool.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = 'fsync'")).rows[0]!.setting;
    await pool.query("CREATE TABLE bench (id serial PRIMARY KEY, value text NOT NULL)");
    const run = async (name: string, work: () => Promise<unknown>) => {
      const fsyncsBefore = realFsyncCalls;
      const started = performance.now();
      await work();
      const seconds = (performance.now() - started) / 1000;
      return { name, perSecond: Math.round(commits / seconds), fsyncs: realFsyncCalls - fsyncsBefore };
    };
    const insert = (client: pg.Pool | pg.PoolClient, value: string) => client.query("INSERT INTO bench (value) VALUES ($1)", [value]);
    const indexes = Array.from({ length: commits }, (_, i) => i);
    const results = [
      await run("sequential INSERT commits", async () => {
        for (const i of indexes) await insert(pool, `sequential ${i}`);
      }),
      await run("concurrent INSERT commits", () => Promise.all(indexes.map((i) => insert(pool, `concurrent ${i}`)))),
      await run("concurrent 2-INSERT transactions", () =>
        Promise.all(
          indexes.map(async (i) => {
            const client = await pool.connect();
            try {
              await client.query("BEGIN");
              await insert(client, `transaction ${i} a`);
              await insert(client, `transaction ${i} b`);
              await client.query("COMMIT");
            } finally {
              client.release();
            }
          }),
        ),
      ),
    ];
    return { fsyncSetting, results };
  } finally {
    await pool.end();
    await server.stop();
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const commits = Number(process.argv[2] ?? 500);
  const off = await measure(false, commits);
  const on = await measure(true, commits);
  console.log(`\n${commits} commits each, through a Unix socket; "fsyncs": real fsync calls during the run\n`);
  console.log(`| workload | fsync ${off.fsyncSetting} (shipped) | fsync ${on.fsyncSetting} + NODEFS fsync | cost | fsyncs |`);
  console.log("|---|---|---|---|---|");
  off.results.forEach((shipped, i) => {
    const durable = on.results[i]!;
    const cost = Math.round((1 - durable.perSecond / shipped.perSecond) * 100);
    console.log(`| ${shipped.name} | ${shipped.perSecond}/s | ${durable.perSecond}/s | ${cost}% | ${durable.fsyncs} |`);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
