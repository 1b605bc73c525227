import { notFound } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { ensureCallsReady } from "./calls-ready";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { recordingsOf, toCallEntry, withLegs, type CallRow } from "./transform";

/** A call of a user the actor may see; 404 otherwise (another domain's call looks like no call). */
export async function getCallOrThrow(actor: Actor, guid: string, callId: string | number): Promise<CallRow> {
  await ensureCallsReady();
  const user = await getUserOrThrow(actor, guid);
  const id = Number(callId);
  const call = Number.isSafeInteger(id) ? await scopedDb(actor).call.findFirst({ where: { id, userId: user.id }, include: withLegs }) : null;
  if (!call) throw notFound(`Call ${callId} of user ${guid}`);
  return call;
}

/** Public entries of calls, with their recordings and durations up to the engine's now of each call's domain. */
export async function toCallEntries(calls: CallRow[]) {
  const domains = [...new Set(calls.map((c) => c.domainId))];
  const [recordings, nows] = await Promise.all([
    recordingsOf(calls),
    Promise.all(domains.map(async (d) => [d, await telephonyEngine().now(d)] as const)),
  ]);
  const nowOf = new Map(nows);
  return calls.map((call) => toCallEntry(call, recordings.get(call.id), nowOf.get(call.domainId)));
}

export async function getCall(actor: Actor, guid: string, callId: string | number) {
  const [entry] = await toCallEntries([await getCallOrThrow(actor, guid, callId)]);
  return entry!;
}
