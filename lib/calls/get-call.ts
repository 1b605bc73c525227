import { prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/tenancy/actor";
import { callScope } from "@/lib/tenancy/scope";
import { getUserOrThrow } from "@/lib/users/get-user";
import { ensureCallsReady } from "./calls-ready";
import { engine } from "./engine";
import { recordingsOf, toCallEntry, withLegs, type CallRow } from "./transform";

/** A call of a user the actor may see; 404 otherwise (another domain's call looks like no call). */
export async function getCallOrThrow(actor: Actor, guid: string, callId: string | number): Promise<CallRow> {
  await ensureCallsReady();
  const user = await getUserOrThrow(actor, guid);
  const id = Number(callId);
  const call = Number.isSafeInteger(id) ? await prisma.call.findFirst({ where: { AND: [{ id, userId: user.id }, callScope(actor)] }, include: withLegs }) : null;
  if (!call) throw notFound(`Call ${callId} of user ${guid}`);
  return call;
}

/** Public entries of calls, with their recordings and durations up to the engine's now. */
export async function toCallEntries(calls: CallRow[]) {
  const [recordings, now] = await Promise.all([recordingsOf(calls), engine().now()]);
  return calls.map((call) => toCallEntry(call, recordings.get(call.id), now));
}

export async function getCall(actor: Actor, guid: string, callId: string | number) {
  const [entry] = await toCallEntries([await getCallOrThrow(actor, guid, callId)]);
  return entry!;
}
