import { prisma } from "@/lib/db/client";

export interface Health {
  status: "ok" | "degraded";
  database: { reachable: boolean; latencyMs?: number; error?: string };
  version: string;
}

/** Reports whether the database answers; the detail of a failure stays in the server log. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    await prisma.$queryRaw`SELECT 1`;
    return {
      status: "ok",
      database: { reachable: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
      version: "1.0",
    };
  } catch {
    return { status: "degraded", database: { reachable: false, error: "The database did not answer." }, version: "1.0" };
  }
}
