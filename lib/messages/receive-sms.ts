import { prisma } from "@/lib/db/client";
import { config } from "@/lib/config";
import { ApiError, notFound } from "@/lib/errors/api-error";
import type { Actor } from "@/lib/tenancy/actor";
import { deviceScope } from "@/lib/tenancy/scope";
import { createMessage } from "./create-message";
import { telOf, type InboundSmsInput } from "./schemas";
import { toMessageEntry } from "./transform";

/**
 * The simulator's inbound SMS: a text from `from` to an SMS number a user of the application's domain
 * holds lands in that user's inbox, with a NewSms event. Two-legged only: the carrier, not a user, sends it.
 */
export async function receiveSms(actor: Actor, input: InboundSmsInput) {
  if (config().TELEPHONY_ENGINE !== "simulator") throw notFound("The telephony simulator");
  if (actor.kind !== "application") {
    throw new ApiError("forbidden", "Inbound SMS come from the network: sign this request two-legged, as the application, without a user's token.");
  }
  const to = telOf(input.to);
  const device = await prisma.device.findFirst({
    where: { AND: [{ address: `service:${to.slice(4)}`, phoneNumber: { is: { sms: true, status: "allocated" } } }, deviceScope(actor)] },
    select: { userId: true, domainId: true },
  });
  if (!device) {
    throw new ApiError("validation_failed", `to: ${to} is not an SMS number held by a user of this domain.`, {
      extra: { errors: [{ field: "to", message: "must be an SMS number a user of the domain holds" }] },
    });
  }
  const message = await prisma.$transaction((tx) =>
    createMessage(tx, { userId: device.userId, domainId: device.domainId, type: "InboundSms", from: telOf(input.from), dest: to, body: input.body }),
  );
  return toMessageEntry(message);
}
