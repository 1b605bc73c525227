import { PrismaClient } from "@prisma/client";
import { PrismaPg } from "@prisma/adapter-pg";

// One client per process. The launcher (scripts/start.ts) sets DATABASE_URL for both databases:
// a real PostgreSQL server, or the embedded PGlite it serves on a loopback port.
function createPrismaClient() {
  const adapter = new PrismaPg({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DB_POOL_MAX ?? 10),
    // PGlite runs one connection; keeping it open avoids a reconnect handshake per idle period.
    idleTimeoutMillis: process.env.DB_EMBEDDED === "1" ? 0 : 10_000,
  });
  return new PrismaClient({ adapter });
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };
export const prisma = (globalForPrisma.prisma ??= createPrismaClient());

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
