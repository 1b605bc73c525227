// CPU cost of the hot path's Prisma queries, per operation, against raw pg: the probe behind the
// "Prisma 7 against 6.19" decision (docs/decisions.md). Creates a scratch PostgreSQL database,
// migrates it with lib/core/db/migrate.ts, seeds 1,000 users, measures, and drops the database.
// Usage: npx tsx scripts/bench-prisma.ts [--db=postgres://postgres@127.0.0.1:5432/prisma7probe] [--rounds=3]
import "./require-supported-node";
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@prisma/client";
import { migrate } from "../lib/core/db/migrate";

const IN_FLIGHT = 10;
const WARM_UP = 200;
const OPERATIONS = 2_000;
const ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.slice("--rounds=".length) ?? 3);
const USERS = 1_000;

const dbArg = process.argv.find((a) => a.startsWith("--db="))?.slice("--db=".length);
const url = new URL(dbArg ?? "postgres://postgres@127.0.0.1:5432/prisma7probe");
const dbName = url.pathname.slice(1);
const adminUrl = Object.assign(new URL(url), { pathname: "/postgres" }).toString();

/** CPU milliseconds (user + system) of this process per operation, `IN_FLIGHT` at a time. */
async function cpuPerOp(op: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const run = async (count: number) => {
    const limit = next + count;
    const worker = async () => {
      while (next < limit) await op(next++);
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  };
  await run(WARM_UP);
  const start = process.cpuUsage();
  await run(OPERATIONS);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / OPERATIONS;
}

async function main() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}"`);
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const pool = new pg.Pool({ connectionString: url.toString(), max: IN_FLIGHT });
  // Prisma gets its own pool, ended here: $disconnect leaves a pool it created itself open.
  const prismaPool = new pg.Pool({ connectionString: url.toString(), max: IN_FLIGHT });
  // DROP DATABASE ... WITH (FORCE) at the end terminates backends still closing: not an error here.
  for (const p of [pool, prismaPool]) p.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(prismaPool) });
  try {
    await migrate(pool);
    const developer = await prisma.developer.create({ data: { email: "probe@example.com", name: "probe", passwordHash: "x" } });
    const domain = await prisma.domain.create({ data: { name: "probe.example", ownerId: developer.id } });
    await prisma.user.createMany({
      data: Array.from({ length: USERS }, (_, i) => ({ domainId: domain.id, login: `user${i}`, passwordHash: "x" })),
    });
    const where = { domainId: domain.id };
    const findMany = () =>
      prisma.user.findMany({ where, include: { domain: { select: { name: true } } }, take: 20, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const nonce = () => randomBytes(12).toString("hex");
    const cases: [string, (i: number) => Promise<unknown>][] = [
      ["count + findMany", () => Promise.all([prisma.user.count({ where }), findMany()])],
      ["findMany", findMany],
      ["count", () => prisma.user.count({ where })],
      [
        "$executeRaw nonce INSERT",
        () =>
          prisma.$executeRaw`INSERT INTO "OAuthNonce" ("consumerKey", "token", "nonce") VALUES (${"probe"}, ${""}, ${nonce()}) ON CONFLICT DO NOTHING`,
      ],
      ["domain.findFirst by name", () => prisma.domain.findFirst({ where: { name: domain.name } })],
      [
        "raw pg: count + page with join",
        () =>
          Promise.all([
            pool.query(`SELECT count(*) FROM "User" WHERE "domainId" = $1`, [domain.id]),
            pool.query(
              `SELECT u.*, d.name FROM "User" u JOIN "Domain" d ON d.id = u."domainId" WHERE u."domainId" = $1 ORDER BY u."createdAt", u.id LIMIT 20`,
              [domain.id],
            ),
          ]),
      ],
      [
        "raw pg: nonce INSERT",
        () => pool.query(`INSERT INTO "OAuthNonce" ("consumerKey", "token", "nonce") VALUES ($1, '', $2) ON CONFLICT DO NOTHING`, ["probe", nonce()]),
      ],
    ];
    const version = (createRequire(__filename)("@prisma/client/package.json") as { version: string }).version;
    console.log(
      `Prisma ${version}, Node ${process.version}; CPU ms per operation, ${IN_FLIGHT} in flight, ${OPERATIONS} ` +
        `ops after ${WARM_UP} warm-up; median of ${ROUNDS} rounds (all rounds)`,
    );
    for (const [name, op] of cases) {
      const rounds: number[] = [];
      for (let r = 0; r < ROUNDS; r++) rounds.push(await cpuPerOp(op));
      const median = [...rounds].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
      console.log(`| ${name} | ${median.toFixed(2)} | ${rounds.map((v) => v.toFixed(2)).join(", ")} |`);
    }
  } finally {
    await prisma.$disconnect();
    await Promise.all([prismaPool.end(), pool.end()]);
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
