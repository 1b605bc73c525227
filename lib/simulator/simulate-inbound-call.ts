import { ensureCallsReady } from "@/lib/calls/calls-ready";
import { simulatorOf, telephonyEngine } from "@/lib/telephony/configured-engine";
import { placingApplication } from "@/lib/calls/create-call";
import { getCall } from "@/lib/calls/get-call";
import { prisma } from "@/lib/core/db/client";
import { e164Digits, normalizeDeviceId } from "@/lib/core/address";
import { ApiError, notFound, fieldError } from "@/lib/core/errors/api-error";
import { kickDelivery } from "@/lib/outbox/publish";
import { findNumberHolder } from "@/lib/numbers/find-number-holder";
import type { Actor } from "@/lib/core/tenancy/actor";
import { deviceScope } from "@/lib/core/tenancy/scope";

/**
 * POST /simulator/inbound-call: a call from `from` to a purpose number of one of the application's
 * users; in the portal, of a user of the developer's domains (the call comes in through the domain's
 * oldest application, as the portal's outbound test calls go out through it).
 */
export async function simulateInboundCall(actor: Actor, input: { from: string; to: string }) {
  if (actor.kind === "user")
    throw new ApiError("forbidden", "Simulated inbound calls come from the network: sign this request two-legged, as the application.");
  await ensureCallsReady();
  let from: string;
  try {
    from = normalizeDeviceId(input.from).address;
  } catch {
    throw fieldError("from", "is not an address (tel:+1 555 010 9999, sip:ada@example.com)");
  }
  const digits = e164Digits(input.to.replace(/^(service|tel):/i, ""));
  if (!digits) throw fieldError("to", "is not a phone number");
  const holder = await findNumberHolder(prisma, digits, deviceScope(actor));
  if (!holder)
    throw notFound(
      actor.kind === "application"
        ? `Purpose number ${input.to} of a user of domain ${actor.domainName}`
        : `Purpose number ${input.to} of a user of your domains`,
    );
  const application = await placingApplication(actor, holder.domainId);
  const leg = await simulatorOf(telephonyEngine()).inbound(from, `service:${digits}`, application.id, holder.domainId);
  if (!leg) throw notFound(`Purpose number ${input.to}`);
  await telephonyEngine().tick();
  kickDelivery();
  return getCall(actor, holder.id, leg.callId);
}
