// The launcher's preparation step, run as a process of its own that ends when done: opens the
// database (the embedded PGlite in DATA_DIR, or DATABASE_URL), applies migrations, seeds the demo
// developer, domain and application and the number inventory, closes the database and sends the
// launcher what it seeded. Creating PGlite's files, the migrations and Prisma leave behind memory a
// process does not give back (WebAssembly memory only grows); here it ends with the process, and
// the launcher that serves the database afterwards never loads Prisma (docs/decisions.md, "Footprint").
// Started by scripts/start.ts with an IPC channel: it receives the seed's input, answers PreparedDatabase.
import "./require-supported-node";
import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { loadConfig } from "../lib/core/config";
import { verifyPassword } from "../lib/core/crypto/password";
import { startEmbeddedDatabase } from "../lib/core/db/embedded";
import { migrate } from "../lib/core/db/migrate";
import { seedNumberInventory } from "../lib/numbers/seed-numbers";
import { seedDemo, type DemoSeedInput, type DemoSeedResult } from "../lib/seed/demo";

export type PreparedDatabase = DemoSeedResult & { savedPasswordCurrent: boolean };
export type PrepareAnswer = { prepared: PreparedDatabase } | { error: string };

const say = (line: string) => console.log(`[start] ${line}`);

async function prepare(seed: DemoSeedInput): Promise<PreparedDatabase> {
  const cfg = loadConfig();
  const embedded = cfg.DATABASE_URL ? undefined : await startEmbeddedDatabase(cfg.dataDir);
  const pool = new pg.Pool({ connectionString: cfg.DATABASE_URL ?? embedded!.url, max: 1 });
  try {
    const applied = await migrate(pool, say);
    say(applied.length ? `applied ${applied.length} migration(s)` : "database schema is up to date");
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    const demo = await seedDemo(prisma, seed);
    const saved = seed.initialDeveloperPassword;
    const developer = await prisma.developer.findUnique({ where: { email: demo.developerEmail }, select: { passwordHash: true } });
    const savedPasswordCurrent = !!saved && !!developer && (await verifyPassword(saved, developer.passwordHash));
    const numbers = await seedNumberInventory(prisma);
    if (numbers) say(`number inventory: added ${numbers} fictional numbers (docs/numbers.md)`);
    await prisma.$disconnect();
    return { ...demo, savedPasswordCurrent };
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

process.once("message", (seed: DemoSeedInput) => {
  void prepare(seed)
    .then(
      (prepared): PrepareAnswer => ({ prepared }),
      (error: Error): PrepareAnswer => ({ error: error.message }),
    )
    .then((answer) => process.send!(answer, () => process.exit(0)));
});
