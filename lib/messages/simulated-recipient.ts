import { config } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/errors/api-error";
import { findNumberHolder } from "@/lib/numbers/find-number-holder";
import type { Actor } from "@/lib/tenancy/actor";
import { deviceScope } from "@/lib/tenancy/scope";
import { telOf } from "./schemas";

/**
 * Who a simulated inbound message is for: the user of the application's domain holding purpose
 * number `to` (an SMS one when `sms`). The simulator's operations exist only with the simulator
 * engine and are signed two-legged (the network sends them, not a user); an unknown `to` is a 400.
 */
export async function simulatedRecipient(actor: Actor, to: string, sms: boolean) {
  if (config().TELEPHONY_ENGINE !== "simulator") throw notFound("The telephony simulator");
  if (actor.kind !== "application") {
    throw new ApiError("forbidden", "Inbound messages come from the network: sign this request two-legged, as the application, without a user's token.");
  }
  const number = telOf(to);
  const holder = await findNumberHolder(prisma, number.slice(4), deviceScope(actor), sms);
  if (!holder) {
    const message = `must be ${sms ? "an SMS number" : "a purpose number"} a user of the domain holds`;
    throw new ApiError("validation_failed", `to: ${number} ${message}.`, { extra: { errors: [{ field: "to", message }] } });
  }
  return { userId: holder.id, domainId: holder.domainId, to: number, domainName: actor.domainName };
}
