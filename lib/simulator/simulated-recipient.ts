import { config } from "@/lib/core/config";
import { prisma } from "@/lib/core/db/client";
import { ApiError, notFound, fieldError } from "@/lib/core/errors/api-error";
import { findNumberHolder } from "@/lib/numbers/find-number-holder";
import type { Actor } from "@/lib/core/tenancy/actor";
import { deviceScope } from "@/lib/core/tenancy/scope";
import { telOf } from "@/lib/messages/schemas";

/**
 * Who a simulated inbound message is for: the user of the application's domain holding purpose
 * number `to` (an SMS one when `sms`). The simulator's operations exist only with the simulator
 * engine and are signed two-legged (the network sends them, not a user), or come from the domain's
 * developer in the portal; an unknown `to` is a 400.
 */
export async function simulatedRecipient(actor: Actor, to: string, sms: boolean) {
  if (config().TELEPHONY_ENGINE !== "simulator") throw notFound("The telephony simulator");
  // The developer of the domain may too, from a user's Messages page in the portal.
  if (actor.kind === "user") {
    throw new ApiError(
      "forbidden",
      "Inbound messages come from the network: sign this request two-legged, as the application, without a user's token.",
    );
  }
  const number = telOf(to);
  const holder = await findNumberHolder(prisma, number.slice(4), deviceScope(actor), sms);
  if (!holder) {
    const message = `must be ${sms ? "an SMS number" : "a purpose number"} a user of the domain holds`;
    throw fieldError("to", message, { detail: `to: ${number} ${message}.` });
  }
  return { userId: holder.id, domainId: holder.domainId, to: number, domainName: holder.domain.name };
}
