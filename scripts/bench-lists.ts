// The users list before and after the raw one-statement query (docs/performance.md, "List queries"):
// round trips per list, the app process's CPU per list, and the database's plan and execution time,
// for (b) a 20-user page of a 1,000-user domain and (f) page 99,000 and a filtered page of a
// 100,000-user domain. Figures that hold on a busy machine: round trips and plans exactly, CPU per
// call roughly (the median of several rounds). "Before" is the Prisma count + findMany with the
// domain's name included, as lib/users/list-users.ts was; each statement it sent is explained.
// Usage: npx tsx scripts/bench-lists.ts [--db=postgres://postgres@127.0.0.1:5432/postgres] [--plans]
// (default: an embedded PGlite in a temporary directory; --db creates and drops a scratch database).
import "./require-supported-node";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import pg from "pg";
import { reloadConfig } from "../lib/core/config";
import { startEmbeddedDatabase } from "../lib/core/db/embedded";
import { migrate } from "../lib/core/db/migrate";
import { parseListQuery, type ListQuery } from "../lib/http/rest/list-query";
import type { Actor } from "../lib/core/tenancy/actor";
import { userScope } from "../lib/core/tenancy/scope";
import { userFilterable } from "../lib/users/contracts";
import { toUserEntry } from "../lib/users/transform";
import { withDomainName } from "../lib/core/tenancy/with-domain-name";

const SMALL = 1_000;
const LARGE = 100_000;
const ROUNDS = 5;
const showPlans = process.argv.includes("--plans");
const dbArg = process.argv.find((a) => a.startsWith("--db="))?.slice("--db=".length);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

async function openDatabase() {
  if (!dbArg) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lists-"));
    const embedded = await startEmbeddedDatabase(dir);
    return { url: embedded.url, embedded: true, close: async () => (await embedded.stop(), fs.rmSync(dir, { recursive: true, force: true })) };
  }
  const name = `bench_lists_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: dbArg });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = Object.assign(new URL(dbArg), { pathname: `/${name}` }).toString();
  return { url, embedded: false, close: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function main() {
  const database = await openDatabase();
  const migrator = new pg.Pool({ connectionString: database.url, max: 1 });
  await migrate(migrator);
  await migrator.end();
  // lib/core/db/client builds its pool from the configuration when first imported; PGlite takes two connections.
  Object.assign(process.env, { DATABASE_URL: database.url, DB_EMBEDDED: database.embedded ? "1" : "0", DB_POOL_MAX: "1" });
  reloadConfig();
  const { prisma, sql, closeDatabase } = await import("../lib/core/db/client");
  const { DEEP_PAGE, listUsers, usersPageStatement, usersTotalStatement } = await import("../lib/users/list-users");
  const beforePool = new pg.Pool({ connectionString: database.url, max: 1 });
  beforePool.on("error", () => {});
  // The same client twice: one logs the statements it sends (which costs CPU), the other is timed.
  const before = new PrismaClient({ adapter: new PrismaPg(beforePool) });
  const logged = new PrismaClient({ adapter: new PrismaPg(beforePool), log: [{ emit: "event", level: "query" }] });
  const sent: { query: string; params: string }[] = [];
  logged.$on("query", (e) => sent.push({ query: e.query, params: e.params }));

  try {
    const developer = await prisma.developer.create({ data: { email: "lists@example.com", name: "lists", passwordHash: "x" } });
    const domainIds: string[] = [];
    for (const [name, count] of [
      ["small.example", SMALL],
      ["large.example", LARGE],
    ] as const) {
      const domain = await prisma.domain.create({ data: { name, ownerId: developer.id } });
      domainIds.push(domain.id);
      await sql(
        `INSERT INTO "User" (id, "domainId", login, "passwordHash", "createdWith", "createdAt")
         SELECT gen_random_uuid(), $1, 'bulk-' || lpad(n::text, 6, '0'), 'x', 'bench', now() - (($2::int - n) * interval '1 millisecond')
         FROM generate_series(1, $2::int) AS n`,
        [domain.id, count],
      );
    }
    // What autovacuum does on a PostgreSQL server soon after a bulk load (PGlite has no autovacuum).
    await sql(`VACUUM ANALYZE "User"`, []);
    await sql(`VACUUM ANALYZE "Domain"`, []);

    const app = (domainId: string): Actor => ({
      kind: "application",
      applicationId: domainId,
      applicationPublicId: "x:y",
      domainId,
      domainName: "x",
    });
    const query = (search: string): ListQuery => parseListQuery(new URLSearchParams(search), userFilterable);
    const cases = [
      { name: "(b) count=20, 1,000 users", actor: app(domainIds[0]!), query: query("count=20") },
      { name: "(f) startIndex=99000&count=20, 100,000 users", actor: app(domainIds[1]!), query: query("startIndex=99000&count=20") },
      {
        name: "(f) login startsWith bulk-09999, 100,000 users",
        actor: app(domainIds[1]!),
        query: query("filterBy=login&filterOp=startsWith&filterValue=bulk-09999"),
      },
      // Every user matches: more than FEW_MATCHES, so counted and paged as two scans.
      {
        name: "login contains bulk (all match), 100,000 users",
        actor: app(domainIds[1]!),
        query: query("filterBy=login&filterOp=contains&filterValue=bulk&count=20"),
      },
    ];
    const listBefore = async (actor: Actor, q: ListQuery, client = before) => {
      const where = { AND: [userScope(actor), q.where] };
      const [total, rows] = await Promise.all([
        client.user.count({ where }),
        client.user.findMany({ where, include: withDomainName, skip: q.skip, take: q.take, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
      ]);
      return { totalResults: total, entry: rows.map(toUserEntry) };
    };
    const cpuPerCall = async (run: () => Promise<unknown>, calls: number) => {
      const rounds: number[] = [];
      for (let r = 0; r < ROUNDS; r++) {
        const start = process.cpuUsage();
        for (let i = 0; i < calls; i++) await run();
        const used = process.cpuUsage(start);
        rounds.push((used.user + used.system) / 1000 / calls);
      }
      return median(rounds);
    };
    const explain = async (text: string, values: unknown[]) => {
      const times: number[] = [];
      let plan = "";
      for (let r = 0; r < ROUNDS; r++) {
        const { rows } = await sql<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${text}`, values);
        plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
        times.push(Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]));
      }
      return { ms: median(times), plan };
    };

    console.log(
      `\n${database.embedded ? "PGlite" : "PostgreSQL"}, ${os.cpus().length} cores, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}\n`,
    );
    console.log("| list | round trips before / after | app CPU per list before / after | database time before / after |");
    console.log("|---|---|---|---|");
    for (const c of cases) {
      const a = await listUsers(c.actor, c.query);
      const b = await listBefore(c.actor, c.query);
      if (JSON.stringify({ t: a.totalResults, e: a.entry }) !== JSON.stringify({ t: b.totalResults, e: b.entry }))
        throw new Error(`${c.name}: before and after differ`);

      sent.length = 0;
      await listBefore(c.actor, c.query, logged);
      const beforeStatements = [...sent];
      const counted = { calls: 0 };
      const original = pg.Pool.prototype.query;
      pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
        counted.calls++;
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      await listUsers(c.actor, c.query);
      pg.Pool.prototype.query = original;

      const calls = c.query.skip > 0 || c.query.filters.length ? 20 : 200;
      const cpuBefore = await cpuPerCall(() => listBefore(c.actor, c.query), calls);
      const cpuAfter = await cpuPerCall(() => listUsers(c.actor, c.query), calls);
      const plansBefore: { ms: number; plan: string }[] = [];
      for (const s of beforeStatements) plansBefore.push(await explain(s.query, JSON.parse(s.params) as unknown[]));
      // As listUsers runs them: a deep page's total first, then the page with it as the hint.
      const totalStatement = c.query.skip >= DEEP_PAGE ? usersTotalStatement(c.actor, c.query) : undefined;
      const hint = totalStatement && (await sql<{ total: number }>(totalStatement.text, totalStatement.values)).rows[0]?.total;
      const statements = [...(totalStatement ? [totalStatement] : []), usersPageStatement(c.actor, c.query, undefined, hint)];
      const plansAfter: { ms: number; plan: string }[] = [];
      for (const s of statements) plansAfter.push(await explain(s.text, s.values));
      const dbTimes = (plans: { ms: number }[]) => plans.map((p) => fmt(p.ms)).join(" + ");
      console.log(
        `| ${c.name} | ${beforeStatements.length} / ${counted.calls} | ${fmt(cpuBefore)} ms / ${fmt(cpuAfter)} ` +
          `ms | ${dbTimes(plansBefore)} ms / ${dbTimes(plansAfter)} ms |`,
      );
      if (showPlans) {
        beforeStatements.forEach((s, i) => console.log(`\nbefore, ${c.name}:\n${s.query}\n${plansBefore[i]!.plan}`));
        statements.forEach((s, i) => console.log(`\nafter, ${c.name}:\n${s.text}\n${plansAfter[i]!.plan}\n`));
      }
    }
  } finally {
    await Promise.all([before.$disconnect(), logged.$disconnect()]);
    await beforePool.end();
    await closeDatabase();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
