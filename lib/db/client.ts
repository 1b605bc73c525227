import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";
import { config } from "@/lib/config";

// One client per process. The launcher (scripts/start.ts) sets DATABASE_URL for both databases:
// a real PostgreSQL server, or the embedded PGlite it serves on a loopback port.
function createPrismaClient() {
  const { DATABASE_URL, DB_POOL_MAX, DB_EMBEDDED } = config();
  const adapter = new PrismaPg({
    connectionString: DATABASE_URL,
    max: DB_POOL_MAX,
    // PGlite runs one connection; keeping it open avoids a reconnect handshake per idle period.
    idleTimeoutMillis: DB_EMBEDDED === "1" ? 0 : 10_000,
  });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };
export const prisma = (globalForPrisma.prisma ??= createPrismaClient());

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
