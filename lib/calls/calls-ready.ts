import type { Prisma } from "@prisma/client";
import { config } from "@/lib/core/config";
import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { endCall } from "./end-call";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { callsBoot } from "./boot-id";

// Calls survive a restart in the database; the engine decides whether it can still carry them.
// Calls carry the boot id of the process that started them (boot-id.ts). Before its first use of
// calls, a process asks the engine to resume the active calls of earlier processes; the simulator
// cannot, and they end as FAILURE "server_restart". With the engine in a process of its own
// (TELEPHONY_PROCESS=separate), a web process's start changes no call: the engine's process, when
// it takes over, ends the calls that started before it (endCallsStartedBefore; docs/calls.md).

export function ensureCallsReady(): Promise<void> {
  if (config().TELEPHONY_PROCESS === "separate") return Promise.resolve();
  const b = callsBoot();
  return (b.ready ??= reconcileCalls({ bootId: { not: b.id } }, b.id).catch((error) => {
    b.ready = undefined;
    throw error;
  }));
}

/** In the engine's own process, once it carries the calls: the active calls that started before `at` are asked to resume. */
export function endCallsStartedBefore(at: Date): Promise<void> {
  return reconcileCalls({ startTime: { lt: at } });
}

async function reconcileCalls(which: Prisma.CallWhereInput, current?: string): Promise<void> {
  const stale = await prisma.call.findMany({ where: { active: true, ...which }, select: { id: true, domainId: true } });
  for (const { id, domainId } of stale) {
    await prisma.$transaction(async (tx) => {
      const outcome = await telephonyEngine().resume(tx, id);
      if (outcome.resumed) return current && tx.call.update({ where: { id }, data: { bootId: current } });
      await endCall(tx, id, "FAILURE", await telephonyEngine().now(domainId, tx), { reason: outcome.reason, legStatus: "FAILURE" });
    });
  }
  if (stale.length) log.info("calls reconciled after start", { ended: stale.length });
}
