import { after } from "next/server";
import { prisma, type Tx } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { recordVoicemail, type UnansweredCall } from "./record-voicemail";

// Recording takes seconds (speech synthesis, storage, transcription, email), too long for the
// engine's transaction. That transaction only queues the call (PendingVoicemail); this job records
// it once the call's end has committed: right after the request that ended it, else on the
// scheduler's next voicemail tick. A row is leased while worked on, so a crash retries it later.

const LEASE_MS = 2 * 60_000;
const MAX_ATTEMPTS = 5;

/** Inside the transaction that ends the unanswered call: the voicemail to record once it commits. */
export async function queueVoicemail(tx: Tx, call: Omit<UnansweredCall, "id"> & { callId: number }): Promise<void> {
  await tx.pendingVoicemail.upsert({ where: { callId: call.callId }, create: call, update: {} });
  try {
    after(() => runPendingVoicemails().catch((error) => log.error("voicemail job failed", { error: String(error) })));
  } catch {
    // outside a request: the scheduler's voicemail tick records it
  }
}

type Claimed = Omit<UnansweredCall, "id"> & { callId: number; attempts: number };

/** Takes the oldest voicemail nobody is working on (SKIP LOCKED: two instances take different ones). */
async function claimNext(): Promise<Claimed | undefined> {
  return prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<Array<{ callId: number }>>`
      SELECT "callId" FROM "PendingVoicemail" WHERE "leasedUntil" <= (now() AT TIME ZONE 'UTC')
      ORDER BY "createdAt", "callId" LIMIT 1 FOR UPDATE SKIP LOCKED`;
    if (!row) return undefined;
    return tx.pendingVoicemail.update({
      where: { callId: row.callId },
      data: { leasedUntil: new Date(Date.now() + LEASE_MS), attempts: { increment: 1 } },
    });
  });
}

/** Records every pending voicemail (the job route and the after-request kick). */
export async function runPendingVoicemails(): Promise<{ recorded: number }> {
  let recorded = 0;
  for (let claimed = await claimNext(); claimed; claimed = await claimNext()) {
    const { callId, attempts, ...call } = claimed;
    try {
      await recordVoicemail({ id: String(callId), ...call });
      recorded++;
    } catch (error) {
      log.error("voicemail not recorded", { callId, attempts, error: String(error) });
      if (attempts < MAX_ATTEMPTS) continue; // tried again once its lease ends
    }
    await prisma.pendingVoicemail.deleteMany({ where: { callId } });
  }
  return { recorded };
}
