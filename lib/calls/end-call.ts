import type { Call } from "@prisma/client";
import { chargeAccount } from "@/lib/billing/charge-account";
import { formatMoney, unitPrice } from "@/lib/billing/pricing";
import type { Tx } from "@/lib/db/client";
import type { RecordedAudio } from "@/lib/telephony/engine";
import { isEnded, type LegStatus } from "@/lib/telephony/leg-state";
import { publishCallEvent } from "./call-events";
import { engine } from "./engine";
import { saveRecording } from "./save-recording";
import type { CallStatus } from "./schemas";
import { connectedSeconds, withLegs, type CallRow } from "./transform";
import { countOf } from "@/lib/text/count-of";

/** Ends one leg that is still live: the engine drops it, the leg records why, CallLegHungUp says so. */
export async function endLeg(tx: Tx, call: CallRow, legId: number, status: LegStatus, at: Date, reason?: string): Promise<void> {
  await engine().hangup(tx, legId);
  await tx.callLeg.update({ where: { id: legId }, data: { status, endTime: at, reason, playing: false } });
  await publishCallEvent(tx, call, "CallLegHungUp", { leg: legId, status, ...(reason ? { reason } : {}) });
}

/** Stops a running recording (or takes the audio the engine reported) and stores it; RecordComplete names the file. */
export async function finishRecording(tx: Tx, call: Call & { legs: CallRow["legs"] }, reported?: RecordedAudio): Promise<void> {
  const audio = reported ?? (await engine().stopRecord(tx, call.id));
  await tx.call.update({ where: { id: call.id }, data: { recording: false, recordingFile: null } });
  if (!audio) return;
  const file = await saveRecording(tx, call, audio);
  await publishCallEvent(tx, call, "RecordComplete", { status: "recorded", file, duration: audio.seconds });
}

/**
 * Ends a call: every live leg ends (HUNGUP, or legStatus), a running recording is stored, the call
 * gets its final status, and a connected call is billed per started minute (docs/calls.md: when the
 * balance runs short the minutes it pays are charged and the rest recorded as unpaid in CallCost).
 */
export async function endCall(tx: Tx, callId: number, status: CallStatus, at: Date, options: { reason?: string; legStatus?: LegStatus } = {}) {
  const call = await tx.call.findUniqueOrThrow({ where: { id: callId }, include: withLegs });
  if (!call.active) return;
  for (const leg of call.legs) {
    if (!isEnded(leg.status as LegStatus)) await endLeg(tx, call, leg.id, options.legStatus ?? "HUNGUP", at, options.reason);
  }
  if (call.recording) await finishRecording(tx, call);
  const ended = await tx.call.update({
    where: { id: call.id },
    data: { active: false, status, endTime: at, reason: options.reason, success: status === "COMPLETED" && call.connectTime !== null },
    include: withLegs,
  });
  const duration = connectedSeconds(ended);
  await publishCallEvent(tx, ended, "CallCompleted", { status, duration, success: ended.success, ...(options.reason ? { reason: options.reason } : {}) });
  if (ended.connectTime) await billCall(tx, ended, duration);
}

async function billCall(tx: Tx, call: CallRow, duration: number): Promise<void> {
  const minutes = Math.max(1, Math.ceil(duration / 60));
  const user = await tx.user.findUnique({ where: { id: call.userId }, select: { accountId: true } });
  // Lock the account first so the balance read below is the one the debit sees.
  if (user?.accountId) await tx.$executeRaw`SELECT 1 FROM "BillingAccount" WHERE id = ${user.accountId}::uuid FOR UPDATE`;
  const account = user?.accountId
    ? await tx.billingAccount.findUnique({ where: { id: user.accountId }, select: { id: true, currency: true, balance: true } })
    : null;
  if (!account) {
    await publishCallEvent(tx, call, "CallCost", { status: "unbilled", minutes, charged: 0, unpaidMinutes: minutes, reason: "billing_required" });
    return;
  }
  const price = unitPrice(account.currency, "call_minute");
  // Balances never go below zero: charge the minutes the balance still pays, record the rest as unpaid.
  const affordable = price.isZero() ? minutes : Math.min(minutes, account.balance.dividedToIntegerBy(price).toNumber());
  const charged = affordable > 0
    ? await chargeAccount(tx, {
        accountId: account.id,
        item: "call_minute",
        quantity: affordable,
        userId: call.userId,
        reference: `call:${call.id}`,
        description: `Call ${call.id}: ${affordable} of ${countOf(minutes, "started minute")}, ${duration} s`,
      })
    : undefined;
  await publishCallEvent(tx, call, "CallCost", {
    status: affordable === minutes ? "charged" : "partially_charged",
    minutes,
    charged: affordable,
    unpaidMinutes: minutes - affordable,
    unitPrice: formatMoney(price),
    amount: formatMoney(price.times(affordable)),
    currency: account.currency,
    ...(charged ? { balance: charged.balance } : {}),
  });
}
