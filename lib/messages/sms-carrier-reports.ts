import { prisma } from "@/lib/core/db/client";
import { log } from "@/lib/core/log";
import { findNumberHolder } from "@/lib/numbers/find-number-holder";
import type { CarrierReceipt, InboundSms, SmsCarrierListener } from "@/lib/telephony/sms-engine";
import { applyDeliveryReport } from "./apply-sms-reports";
import { createMessage } from "./create-message";

// What an SMS carrier reports (docs/messages.md, "SMPP"), each in its own transaction; the carrier
// acknowledges the deliver_sm once it committed, so a crash before makes the SMSC send it again.

/**
 * A delivery receipt for one part: the part takes its outcome; its recipient becomes FAILED when a
 * part failed, DELIVERED when every part was delivered (SmsStatus either way). The recipient row is
 * locked first, so receipts for two parts of one SMS, applied at once, see each other.
 */
export async function applyCarrierReceipt(receipt: CarrierReceipt): Promise<void> {
  if (receipt.outcome === "PENDING") return;
  const outcome = receipt.outcome;
  const matched = await prisma.$transaction(async (tx) => {
    const parts = await tx.$queryRaw<
      { recipientId: string }[]
    >`SELECT "recipientId" FROM "SmsPart" WHERE "carrierMessageId" = ${receipt.carrierMessageId}`;
    for (const { recipientId } of parts) {
      const [recipient] = await tx.$queryRaw<
        { status: string }[]
      >`SELECT "status" FROM "MessageRecipient" WHERE "id" = ${recipientId}::uuid FOR UPDATE`;
      await tx.$executeRaw`UPDATE "SmsPart" SET "status" = ${outcome}, "detail" = ${receipt.detail}
        WHERE "recipientId" = ${recipientId}::uuid AND "carrierMessageId" = ${receipt.carrierMessageId}`;
      if (!recipient || recipient.status === "DELIVERED" || recipient.status === "FAILED") continue;
      const all = await tx.$queryRaw<
        { status: string; parts: number }[]
      >`SELECT "status", "parts" FROM "SmsPart" WHERE "recipientId" = ${recipientId}::uuid`;
      if (outcome === "FAILED") await applyDeliveryReport(tx, recipientId, "FAILED", `The carrier reported it undelivered: ${receipt.detail}.`);
      else if (all.filter((p) => p.status === "DELIVERED").length === (all[0]?.parts ?? 0)) await applyDeliveryReport(tx, recipientId, "DELIVERED");
    }
    return parts.length;
  });
  if (matched === 0) log.warn("SMPP receipt for a message id nobody sent", { carrierMessageId: receipt.carrierMessageId });
}

/** An inbound SMS from the carrier: into the inbox of the holder of SMS number `to`, with NewSms (as the simulator's inbound SMS). */
export async function receiveCarrierSms(sms: InboundSms): Promise<void> {
  const holder = await findNumberHolder(prisma, sms.to.slice(4), {}, true);
  if (!holder) {
    log.warn("inbound SMS for a number no user holds; dropped", { to: sms.to });
    return;
  }
  await prisma.$transaction((tx) =>
    createMessage(tx, { userId: holder.id, domainId: holder.domainId, type: "InboundSms", from: sms.from, dest: sms.to, body: sms.body }),
  );
}

export const carrierListener: SmsCarrierListener = { onReceipt: applyCarrierReceipt, onInbound: receiveCarrierSms };
