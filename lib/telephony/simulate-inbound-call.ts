import { ensureCallsReady } from "@/lib/calls/calls-ready";
import { engine } from "@/lib/calls/engine";
import { getCall } from "@/lib/calls/get-call";
import { prisma } from "@/lib/db/client";
import { e164Digits, normalizeDeviceId } from "@/lib/devices/address";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { kickDelivery } from "@/lib/events/publish";
import { findNumberHolder } from "@/lib/numbers/find-number-holder";
import type { Actor } from "@/lib/tenancy/actor";
import { deviceScope } from "@/lib/tenancy/scope";
import { simulatorOf } from "./configured-engine";

function field(name: string, message: string) {
  return new ApiError("validation_failed", `${name}: ${message}`, { extra: { errors: [{ field: name, message }] } });
}

/** POST /simulator/inbound-call: a call from `from` to a purpose number of one of the application's users. */
export async function simulateInboundCall(actor: Actor, input: { from: string; to: string }) {
  if (actor.kind === "developer") throw new ApiError("forbidden", "Simulated inbound calls are placed through the API by an application.");
  await ensureCallsReady();
  let from: string;
  try {
    from = normalizeDeviceId(input.from).address;
  } catch {
    throw field("from", "is not an address (tel:+1 555 010 9999, sip:ada@example.com)");
  }
  const digits = e164Digits(input.to.replace(/^(service|tel):/i, ""));
  if (!digits) throw field("to", "is not a phone number");
  const holder = await findNumberHolder(prisma, digits, deviceScope(actor));
  if (!holder) throw notFound(`Purpose number ${input.to} of a user of domain ${actor.domainName}`);
  const leg = await simulatorOf(engine()).inbound(from, `service:${digits}`, actor.applicationId);
  if (!leg) throw notFound(`Purpose number ${input.to}`);
  await engine().tick();
  kickDelivery();
  return getCall(actor, holder.id, leg.callId);
}
