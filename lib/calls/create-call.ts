import { REST_PREFIX } from "@/lib/core/urls";
import { requireBillingAccount } from "@/lib/billing/require-billing-account";
import { config } from "@/lib/core/config";
import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { e164Digits, normalizeDeviceId } from "@/lib/core/address";
import { ApiError, fieldError } from "@/lib/core/errors/api-error";
import { kickDelivery } from "@/lib/outbox/publish";
import type { Actor } from "@/lib/core/tenancy/actor";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { watchCall } from "./call-changes";
import { minutePriceOf, reserveFirstMinute } from "./call-credit";
import { ensureCallsReady } from "./calls-ready";
import { telephonyEngine } from "@/lib/telephony/configured-engine";
import { toCallEntries } from "./get-call";
import { legOutcome } from "./leg-outcome";
import { openCall } from "./open-call";
import type { CreateCallInput } from "./schemas";
import { callPath, withLegs, type CallRow } from "./transform";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

/** While waiting for the answer event, the call is read again this often anyway: a lost notification costs at most this. */
const RECHECK_MS = 1000;

/** What a call can dial: the original library documents "SIP: or TEL: only". */
const CALLABLE_SCHEMES = new Set(["tel", "sip"]);

/** Each leg as a device address (the devices' rules), tel: or sip: only; a bad one is a 400 naming legs.<i>. */
function legAddresses(legs: string[]): string[] {
  return legs.map((leg, i) => {
    let normalized: ReturnType<typeof normalizeDeviceId>;
    try {
      normalized = normalizeDeviceId(leg);
    } catch (error) {
      const why = error instanceof ApiError ? error.message.replace(/^id: /, "") : "is not an address";
      throw fieldError(`legs.${i}`, why);
    }
    if (!CALLABLE_SCHEMES.has(normalized.scheme))
      throw fieldError(`legs.${i}`, `a call leg is a tel: or sip: address; ${normalized.scheme}: cannot be called`);
    return normalized.address;
  });
}

/** The caller id to show: a purpose number the user holds, or one of its verified devices. */
async function callerIdOf(userId: string, given: string): Promise<string> {
  const digits = e164Digits(given.replace(/^(tel|service):/i, ""));
  let candidates = digits ? [`tel:${digits}`, `service:${digits}`] : [];
  if (!digits) {
    try {
      candidates = [normalizeDeviceId(given).address];
    } catch {
      throw fieldError("callerid", "is neither a phone number nor a device address");
    }
  }
  const device = await prisma.device.findFirst({
    where: { userId, address: { in: candidates }, OR: [{ verified: true }, { address: { startsWith: "service:" } }] },
    select: { address: true },
  });
  if (!device) throw fieldError("callerid", `${given} is not a purpose number this user holds nor one of its verified devices`);
  return device.address;
}

/** The caller id a call shows when none is given: the user's own, else the oldest purpose number it holds. */
export async function defaultCallerId(user: { id: string; callerId: string | null }): Promise<string | null> {
  if (user.callerId) return user.callerId;
  const number = await prisma.device.findFirst({
    where: { userId: user.id, address: { startsWith: "service:" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { address: true },
  });
  return number?.address ?? null;
}

/** The application a call is placed through: the caller's; in the portal, the domain's oldest application. */
export async function placingApplication(actor: Actor, domainId: string): Promise<{ id: string; publicId: string }> {
  if (actor.kind !== "developer") return { id: actor.applicationId, publicId: actor.applicationPublicId };
  const app = await prisma.application.findFirst({
    where: { domainId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { domain: { select: { name: true } } },
  });
  if (!app) throw new ApiError("conflict", "The user's domain has no application to place the call through: create one first.");
  return { id: app.id, publicId: applicationPublicId(app.domain.name, app.name) };
}

/**
 * Places a call: validates the legs and caller id, opens the call and reserves its first minute
 * from the user's billing account in one transaction (403 billing_required, 409 credit_exhausted:
 * then no call exists), dials every leg, and waits up to CALL_CONNECT_WAIT_MS for the first two to
 * answer. Connected: the call. Otherwise a problem naming the leg and why (docs/calls.md); the
 * call stays in the history either way.
 */
export async function createCall(actor: Actor, guid: string, input: CreateCallInput, guest?: { callerId: string }) {
  await ensureCallsReady();
  const user = await getUserOrThrow(actor, guid);
  const legs = legAddresses(input.legs);
  const given = input.callerid ?? input.callerId ?? input.callerID;
  // A guest call (docs/tokens.md) shows the guest's name, which is no number of the user's.
  const callerId = guest ? guest.callerId : given ? await callerIdOf(user.id, given) : await defaultCallerId(user);
  const application = await placingApplication(actor, user.domainId);

  const call = await prisma.$transaction(async (tx) => {
    const { accountId } = await requireBillingAccount(user.id, tx);
    const minutePrice = await minutePriceOf(tx, accountId);
    const at = await telephonyEngine().now(user.domainId, tx);
    const opened = await openCall(tx, {
      user,
      application,
      legs,
      callerId,
      mode: input.mode,
      announce: input.announce,
      outbound: true,
      at,
      billing: { accountId, minutePrice },
    });
    for (const leg of opened.legs) await telephonyEngine().originate(tx, { callId: opened.id, legId: leg.id, address: leg.address }, callerId);
    await tx.callLeg.updateMany({ where: { callId: opened.id }, data: { status: "CONNECTING" } });
    // Last: it locks the account's row until the commit, and concurrent calls of the account queue there.
    await reserveFirstMinute(tx, opened);
    return opened;
  });
  kickDelivery();
  // Fires what became due while the call was being placed (rings, a busy line): the engine's alarm
  // may have gone off before this commit. The answer comes later, by itself (the alarm, the scheduler).
  telephonyEngine()
    .tick()
    .catch((error) => log.error("telephony tick after placing a call failed", { callId: call.id, error: String(error) }));
  const outcome = await waitForConnect(call.id);
  // The user was found in the actor's scope above, and the call is the user's: no second lookup.
  if (outcome.status === "CONNECTED") return (await toCallEntries([outcome]))[0]!;
  throw refusal(outcome, guid);
}

/**
 * The call once connected or ended, or as it stands after CALL_CONNECT_WAIT_MS: its state is read
 * again at each change the engine reports for it (call-changes.ts), and every RECHECK_MS in case
 * one was lost; the call with its legs once, at the end.
 */
async function waitForConnect(callId: number): Promise<CallRow> {
  const deadline = Date.now() + config().CALL_CONNECT_WAIT_MS;
  const watch = watchCall(callId);
  try {
    for (;;) {
      const state = await prisma.call.findUniqueOrThrow({ where: { id: callId }, select: { connectTime: true, active: true } });
      const left = deadline - Date.now();
      if (state.connectTime || !state.active || left <= 0) break;
      await watch.wait(Math.min(RECHECK_MS, left));
    }
  } finally {
    watch.close();
  }
  return prisma.call.findUniqueOrThrow({ where: { id: callId }, include: withLegs });
}

/** The problem for a call that did not connect: which leg, why, and where the call is. */
function refusal(call: CallRow, guid: string): ApiError {
  const location = `${REST_PREFIX}${callPath({ userId: guid, id: call.id })}`;
  if (call.active) {
    const waiting = call.legs.slice(0, 2).find((l) => l.status !== "ANSWERED")!;
    return new ApiError(
      "call_pending",
      `Call ${call.id} is not connected yet: leg ${waiting.id} (${waiting.address}) is ${waiting.status}. Follow it at ${location} or through the call events.`,
      {
        location,
        extra: { callId: call.id, leg: waiting.id, address: waiting.address, legStatus: waiting.status, location },
      },
    );
  }
  const leg = call.legs.slice(0, 2).find((l) => l.status !== "ANSWERED" && l.status !== "HUNGUP") ?? call.legs[0]!;
  const { code, why } = legOutcome(leg.status);
  return new ApiError(
    code,
    `Leg ${leg.id} (${leg.address}) ${why}: call ${call.id} ended as ${call.status}. It stays in the call history at ${location}.`,
    {
      location,
      extra: { callId: call.id, leg: leg.id, address: leg.address, legStatus: leg.status, reason: leg.reason ?? undefined, location },
    },
  );
}
