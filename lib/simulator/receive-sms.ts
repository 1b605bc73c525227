import { prisma } from "@/lib/core/db/client";
import type { Actor } from "@/lib/core/tenancy/actor";
import { createMessage } from "@/lib/messages/create-message";
import { telOf, type InboundSmsInput } from "@/lib/messages/schemas";
import { simulatedRecipient } from "./simulated-recipient";
import { toMessageEntry } from "@/lib/messages/transform";

/** The simulator's inbound SMS: lands in the inbox of the holder of SMS number `to`, with a NewSms event. */
export async function receiveSms(actor: Actor, input: InboundSmsInput) {
  const recipient = await simulatedRecipient(actor, input.to, true);
  const message = await prisma.$transaction((tx) =>
    createMessage(tx, {
      userId: recipient.userId,
      domainId: recipient.domainId,
      type: "InboundSms",
      from: telOf(input.from),
      dest: recipient.to,
      body: input.body,
    }),
  );
  return toMessageEntry(message);
}
