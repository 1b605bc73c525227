import { setTimeout as sleep } from "node:timers/promises";
import { REST_PREFIX } from "@/lib/rest/responses";
import { formatMoney, unitPrice } from "@/lib/billing/pricing";
import { requireBillingAccount } from "@/lib/billing/require-billing-account";
import { config } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { e164Digits, normalizeDeviceId } from "@/lib/devices/address";
import { ApiError } from "@/lib/errors/api-error";
import { kickDelivery } from "@/lib/events/publish";
import type { Actor } from "@/lib/tenancy/actor";
import { getUserOrThrow } from "@/lib/users/get-user";
import { ensureCallsReady } from "./calls-ready";
import { engine } from "./engine";
import { getCall } from "./get-call";
import { legOutcome } from "./leg-outcome";
import { openCall } from "./open-call";
import type { CreateCallInput } from "./schemas";
import { callPath, withLegs, type CallRow } from "./transform";
import { applicationPublicId } from "@/lib/applications/transform";

const POLL_MS = 25;

function invalid(field: string, message: string): ApiError {
  return new ApiError("validation_failed", `${field}: ${message}`, { extra: { errors: [{ field, message }] } });
}

/** Each leg as a device address (the devices' rules); a bad one is a 400 naming legs.<i>. */
function legAddresses(legs: string[]): string[] {
  return legs.map((leg, i) => {
    try {
      return normalizeDeviceId(leg).address;
    } catch (error) {
      const why = error instanceof ApiError ? error.message.replace(/^id: /, "") : "is not an address";
      throw invalid(`legs.${i}`, why);
    }
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
      throw invalid("callerid", "is neither a phone number nor a device address");
    }
  }
  const device = await prisma.device.findFirst({
    where: { userId, address: { in: candidates }, OR: [{ verified: true }, { address: { startsWith: "service:" } }] },
    select: { address: true },
  });
  if (!device) throw invalid("callerid", `${given} is not a purpose number this user holds nor one of its verified devices`);
  return device.address;
}

/** The application a call is placed through: the caller's; in the portal, the domain's oldest application. */
async function placingApplication(actor: Actor, domainId: string): Promise<{ id: string; publicId: string }> {
  if (actor.kind !== "developer") return { id: actor.applicationId, publicId: actor.applicationPublicId };
  const app = await prisma.application.findFirst({ where: { domainId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { domain: { select: { name: true } } } });
  if (!app) throw new ApiError("conflict", "The user's domain has no application to place the call through: create one first.");
  return { id: app.id, publicId: applicationPublicId(app.domain.name, app.name) };
}

/** Billing is checked up front: the user needs a billing account that can pay at least one minute. */
async function assertCanPayAMinute(userId: string): Promise<void> {
  const { accountId } = await requireBillingAccount(userId);
  const account = await prisma.billingAccount.findUniqueOrThrow({ where: { id: accountId }, select: { name: true, balance: true, currency: true } });
  const price = unitPrice(account.currency, "call_minute");
  if (account.balance.gte(price)) return;
  throw new ApiError(
    "credit_exhausted",
    `The billing account "${account.name}" has ${formatMoney(account.balance)} ${account.currency} left; a call needs at least one minute (${formatMoney(price)} ${account.currency}). ` +
      "The developer can add credit in the developer portal (Billing page).",
    { extra: { balance: formatMoney(account.balance), price: formatMoney(price), currency: account.currency } },
  );
}

/**
 * Places a call: validates the legs and caller id, checks billing, dials every leg, and waits up
 * to CALL_CONNECT_WAIT_MS for the first two to answer. Connected: the call. Otherwise a problem
 * naming the leg and why (docs/calls.md); the call stays in the history either way.
 */
export async function createCall(actor: Actor, guid: string, input: CreateCallInput, guest?: { callerId: string }) {
  await ensureCallsReady();
  const user = await getUserOrThrow(actor, guid);
  const legs = legAddresses(input.legs);
  const given = input.callerid ?? input.callerId ?? input.callerID;
  // A guest call (docs/tokens.md) shows the guest's name, which is no number of the user's.
  const callerId = guest ? guest.callerId : given ? await callerIdOf(user.id, given) : user.callerId;
  await assertCanPayAMinute(user.id);
  const application = await placingApplication(actor, user.domainId);

  const call = await prisma.$transaction(async (tx) => {
    const at = await engine().now(tx);
    const opened = await openCall(tx, {
      user,
      application,
      legs,
      callerId,
      mode: input.mode,
      announce: input.announce,
      outbound: true,
      at,
    });
    for (const leg of opened.legs) {
      await engine().originate(tx, { callId: opened.id, legId: leg.id, address: leg.address }, callerId);
      await tx.callLeg.update({ where: { id: leg.id }, data: { status: "CONNECTING" } });
    }
    return opened;
  });
  kickDelivery();
  const outcome = await waitForConnect(call.id);
  if (outcome.status === "CONNECTED") return getCall(actor, guid, call.id);
  throw refusal(outcome, guid);
}

async function waitForConnect(callId: number): Promise<CallRow> {
  const deadline = Date.now() + config().CALL_CONNECT_WAIT_MS;
  for (;;) {
    if ((await engine().tick()) > 0) kickDelivery();
    const call = await prisma.call.findUniqueOrThrow({ where: { id: callId }, include: withLegs });
    if (call.connectTime || !call.active || Date.now() >= deadline) return call;
    await sleep(POLL_MS);
  }
}

/** The problem for a call that did not connect: which leg, why, and where the call is. */
function refusal(call: CallRow, guid: string): ApiError {
  const location = `${REST_PREFIX}${callPath({ userId: guid, id: call.id })}`;
  const headers = { Location: location };
  if (call.active) {
    const waiting = call.legs.slice(0, 2).find((l) => l.status !== "ANSWERED")!;
    return new ApiError("call_pending", `Call ${call.id} is not connected yet: leg ${waiting.id} (${waiting.address}) is ${waiting.status}. Follow it at ${location} or through the call events.`, {
      headers,
      extra: { callId: call.id, leg: waiting.id, address: waiting.address, legStatus: waiting.status, location },
    });
  }
  const leg = call.legs.slice(0, 2).find((l) => l.status !== "ANSWERED" && l.status !== "HUNGUP") ?? call.legs[0]!;
  const { code, why } = legOutcome(leg.status);
  return new ApiError(code, `Leg ${leg.id} (${leg.address}) ${why}: call ${call.id} ended as ${call.status}. It stays in the call history at ${location}.`, {
    headers,
    extra: { callId: call.id, leg: leg.id, address: leg.address, legStatus: leg.status, reason: leg.reason ?? undefined, location },
  });
}
