import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { endCall } from "./end-call";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { callsBoot } from "./boot-id";

// Calls survive a restart in the database; the engine decides whether it can still carry them.
// Calls carry the boot id of the process that started them (boot-id.ts). Before its first use of
// calls, a process asks the engine to resume the active calls of earlier processes; the simulator cannot, and they end as FAILURE "server_restart".
// One instance per database: a second instance would end the first one's calls (docs/calls.md).

export function ensureCallsReady(): Promise<void> {
  const b = callsBoot();
  return (b.ready ??= reconcileCalls(b.id).catch((error) => {
    b.ready = undefined;
    throw error;
  }));
}

async function reconcileCalls(current: string): Promise<void> {
  const stale = await prisma.call.findMany({ where: { active: true, bootId: { not: current } }, select: { id: true, domainId: true } });
  for (const { id, domainId } of stale) {
    await prisma.$transaction(async (tx) => {
      const outcome = await telephonyEngine().resume(tx, id);
      if (outcome.resumed) return tx.call.update({ where: { id }, data: { bootId: current } });
      await endCall(tx, id, "FAILURE", await telephonyEngine().now(domainId, tx), { reason: outcome.reason, legStatus: "FAILURE" });
    });
  }
  if (stale.length) log.info("calls reconciled after start", { ended: stale.length });
}
