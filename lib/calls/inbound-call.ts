import type { Tx } from "@/lib/core/db/client";
import { findNumberHolder } from "@/lib/numbers/find-number-holder";
import type { InboundCallLegs, RecordedAudio } from "@/lib/telephony/engine";
import { queueVoicemail } from "@/lib/voicemail/pending-voicemail";
import { endCall } from "./end-call";
import { openCall } from "./open-call";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";
import type { CallRow } from "./transform";

// Inbound calls (POST /simulator/inbound-call, later a carrier's): how one starts, and what happens when nobody takes it.

/**
 * An inbound call from `from` to the user holding purpose number `to` (service:<digits>): the
 * caller's leg is on the line (ANSWERED), the user's leg is ringing; the engine reports what happens
 * to it, and rings the user's own sip: phones. With `applicationId` (the simulator's, signed by an
 * application) the holder is looked up in that application's domain; from the network (a carrier)
 * in every domain, and the call belongs to applicationForInboundCall's pick. Undefined when nobody holds `to`.
 */
export async function createInboundCall(tx: Tx, from: string, to: string, at: Date, applicationId?: string): Promise<InboundCallLegs | undefined> {
  const number = /^service:(\d+)$/.exec(to)?.[1];
  if (!number) return undefined;
  const requested = applicationId
    ? await tx.application.findUnique({ where: { id: applicationId }, include: { domain: { select: { name: true } } } })
    : null;
  if (applicationId && !requested) return undefined;
  const user = await findNumberHolder(tx, number, requested ? { domainId: requested.domainId } : {});
  const application = requested ?? (user && (await applicationForInboundCall(tx, user)));
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
  const phones = await tx.device.findMany({
    where: { userId: user.id, domainId: user.domainId, address: { startsWith: "sip:" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { address: true },
  });
  return { ringLeg: { callId: call.id, legId: callee.id, address: callee.address }, callerLegId: caller.id, phones: phones.map((p) => p.address) };
}

/**
 * The application a call from the network belongs to (its events, its call history): the one the
 * user last signed in to (the newest access token still valid), else the first one of the user's
 * domain (docs/decisions.md, "Inbound calls from a carrier").
 */
async function applicationForInboundCall(tx: Tx, user: { id: string; domainId: string }) {
  const include = { domain: { select: { name: true } } } as const;
  const token = await tx.accessToken.findFirst({
    where: { userId: user.id, revokedAt: null, application: { domainId: user.domainId } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { application: { include } },
  });
  return (
    token?.application ?? tx.application.findFirst({ where: { domainId: user.domainId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include })
  );
}

/**
 * Nobody answered the user's number: the call ends as NOANSWER and the caller leaves a voicemail
 * (docs/voicemail.md): the `message` the engine recorded, or the simulator's synthesized caller.
 */
export async function onInboundCallNotAnswered(tx: Tx, call: CallRow, at: Date, message?: RecordedAudio): Promise<void> {
  await endCall(tx, call.id, "NOANSWER", at, { reason: "nobody answered: the caller left a voicemail" });
  const [caller, callee] = call.legs;
  await queueVoicemail(tx, {
    callId: call.id,
    userId: call.userId,
    domainId: call.domainId,
    from: caller!.address,
    dest: callee!.address,
    startTime: at,
    ...(message ? { audio: new Uint8Array(message.bytes), audioSeconds: message.seconds } : {}),
  });
}
