import { randomUUID } from "node:crypto";
import { prisma } from "@/lib/db/client";
import { log } from "@/lib/log";
import { endCall } from "./end-call";
import { engine } from "./engine";

// Calls survive a restart in the database; the engine decides whether it can still carry them.
// Each server process has a boot id (on globalThis: route bundles share one process), stamped on the
// calls it starts. Before its first use of calls, a process asks the engine to resume the active
// calls of earlier processes; the simulator cannot, and they end as FAILURE "server_restart".
// One instance per database: a second instance would end the first one's calls (docs/calls.md).

const state = globalThis as { __callsBoot?: { id: string; ready?: Promise<void> } };
const boot = () => (state.__callsBoot ??= { id: randomUUID() });

export const bootId = () => boot().id;

export function ensureCallsReady(): Promise<void> {
  const b = boot();
  return (b.ready ??= reconcileCalls(b.id).catch((error) => {
    b.ready = undefined;
    throw error;
  }));
}

async function reconcileCalls(current: string): Promise<void> {
  const stale = await prisma.call.findMany({ where: { active: true, bootId: { not: current } }, select: { id: true } });
  for (const { id } of stale) {
    await prisma.$transaction(async (tx) => {
      const outcome = await engine().resume(tx, id);
      if (outcome.resumed) return tx.call.update({ where: { id }, data: { bootId: current } });
      await endCall(tx, id, "FAILURE", await engine().now(tx), { reason: outcome.reason, legStatus: "FAILURE" });
    });
  }
  if (stale.length) log.info("calls reconciled after start", { ended: stale.length });
}
