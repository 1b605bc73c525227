import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedDatabaseUrl, startEmbeddedDatabase, type EmbeddedDatabase } from "./embedded";

// Several clients on PGlite's one session, as the web workers use it (shared-session-server.ts).

let dataDir: string;
let db: EmbeddedDatabase;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: embeddedDatabaseUrl(db.socketDir) });
  client.on("error", () => undefined); // a test destroys some on purpose
  await client.connect();
  clients.push(client);
  return client;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shared-session-"));
  db = await startEmbeddedDatabase(dataDir);
  const setup = await connect();
  await setup.query("CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)");
  await setup.query("INSERT INTO counter VALUES (1, 0)");
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("SharedSessionServer", () => {
  it("keeps each client's extended queries whole while four clients query at once", async () => {
    const many = await Promise.all([connect(), connect(), connect(), connect()]);
    // Each client's queries one after another (pg 8 deprecates queueing), the four clients at once.
    const answers = await Promise.all(
      many.map(async (client, c) => {
        const seen: string[] = [];
        for (let i = 0; i < 25; i++) {
          // Unnamed statements of different texts, with values large enough to arrive in several chunks.
          const { rows } = await client.query<{ v: string; c: number }>(`SELECT left($1::text, 8) AS v, ${c} AS c`, [
            `${c}:${i}:`.padEnd(200_000, "x"),
          ]);
          seen.push(`${rows[0]!.c}|${rows[0]!.v}`);
        }
        return seen;
      }),
    );
    expect(answers).toEqual(many.map((_, c) => Array.from({ length: 25 }, (_, i) => `${c}|${`${c}:${i}:`.padEnd(8, "x")}`)));
  });

  it("gives the session to one client's transaction until it commits; the others wait instead of joining it", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    await a.query("BEGIN");
    await a.query("UPDATE counter SET n = n + 1 WHERE id = 1");
    let bDone = false;
    const bRead = b.query<{ n: number }>("SELECT n FROM counter WHERE id = 1").then((r) => {
      bDone = true;
      return r.rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(bDone).toBe(false); // b's query would otherwise run inside a's transaction
    await a.query("ROLLBACK");
    expect(await bRead).toBe(0);
  });

  it("rolls back the transaction of a client that disappears and frees the session for the others", async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    await a.query("BEGIN");
    await a.query("UPDATE counter SET n = 99 WHERE id = 1");
    const bRead = b.query<{ n: number }>("SELECT n FROM counter WHERE id = 1");
    (a as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy(); // as a killed worker's socket
    expect((await bRead).rows[0]!.n).toBe(0);
    expect((await b.query<{ t: boolean }>("SELECT pg_current_xact_id_if_assigned() IS NULL AS t")).rows[0]!.t).toBe(true);
  });

  it("deallocates what a departed client prepared, so its successor can prepare the same names", async () => {
    const first = await connect();
    await first.query({ name: "hot_same", text: "SELECT 1 AS one" });
    const observer = await connect();
    const named = async () => (await observer.query<{ name: string }>("SELECT name FROM pg_prepared_statements")).rows.map((r) => r.name);
    expect(await named()).toContain("hot_same");
    await first.end();
    await expect.poll(named).not.toContain("hot_same");
    const successor = await connect();
    expect((await successor.query<{ one: number }>({ name: "hot_same", text: "SELECT 1 AS one" })).rows[0]!.one).toBe(1);
  });
});
