import type { Tx } from "@/lib/core/db/client";
import { findNumberHolder } from "@/lib/numbers/find-number-holder";
import type { LegRef } from "@/lib/telephony/engine";
import { queueVoicemail } from "@/lib/voicemail/pending-voicemail";
import { endCall } from "./end-call";
import { openCall } from "./open-call";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";
import type { CallRow } from "./transform";

// Inbound calls (POST /simulator/inbound-call, later a carrier's): how one starts, and what happens when nobody takes it.

/**
 * An inbound call from `from` to the user holding purpose number `to` (service:<digits>): the
 * caller's leg is on the line (ANSWERED), the user's leg is ringing; the engine reports what happens
 * to it. Undefined when no user of the application's domain holds `to`.
 */
export async function createInboundCall(
  tx: Tx,
  from: string,
  to: string,
  at: Date,
  applicationId?: string,
): Promise<{ ringLeg: LegRef } | undefined> {
  const application = applicationId
    ? await tx.application.findUnique({ where: { id: applicationId }, include: { domain: { select: { name: true } } } })
    : null;
  const number = /^service:(\d+)$/.exec(to)?.[1];
  const user = application && number ? await findNumberHolder(tx, number, { domainId: application.domainId }) : undefined;
  if (!application || !user) return undefined;
  const call = await openCall(tx, {
    user,
    application: { id: application.id, publicId: applicationPublicId(application.domain.name, application.name) },
    legs: [from, to],
    outbound: false,
    at,
  });
  const [caller, callee] = call.legs as [(typeof call.legs)[0], (typeof call.legs)[0]];
  await tx.callLeg.update({ where: { id: caller.id }, data: { status: "ANSWERED", answerTime: at } });
  await tx.callLeg.update({ where: { id: callee.id }, data: { status: "CONNECTING" } });
  return { ringLeg: { callId: call.id, legId: callee.id, address: callee.address } };
}

/** Nobody answered the user's number: the call ends as NOANSWER and the caller leaves a voicemail (docs/voicemail.md). */
export async function onInboundCallNotAnswered(tx: Tx, call: CallRow, at: Date): Promise<void> {
  await endCall(tx, call.id, "NOANSWER", at, { reason: "nobody answered: the caller left a voicemail" });
  const [caller, callee] = call.legs;
  await queueVoicemail(tx, {
    callId: call.id,
    userId: call.userId,
    domainId: call.domainId,
    from: caller!.address,
    dest: callee!.address,
    startTime: at,
  });
}
