import { chargeAccount } from "@/lib/billing/charge-account";
import { requireBillingAccount } from "@/lib/billing/require-billing-account";
import { prisma } from "@/lib/core/db/client";
import { fieldError } from "@/lib/core/errors/api-error";
import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { createMessage } from "./create-message";
import { getMessage } from "./get-message";
import { queueSmsRecipients, submitQueuedSms } from "./sms-outbox";
import { telOf, type SendSmsInput } from "./schemas";

const senderRefused = (sender: string) =>
  fieldError("sender", "must be an SMS number the user holds", {
    detail: `sender: ${sender} is not an SMS number of this user. Allocate one with POST /devices/{guid} {"id": "@sms/<country>"} and send from it.`,
  });

/**
 * Sends an SMS from one of the user's SMS numbers: the user's billing account pays one SMS per
 * recipient up front (403 billing_required, 409 credit_exhausted: nothing is sent), the message is
 * stored in "sent" with its recipients queued in the SMS outbox (sms-outbox.ts), then each goes to the
 * SMS engine: refused at once (FAILED), SENT, or left queued (a carrier that is throttling or not bound),
 * with the engine's delivery report applied later (apply-sms-reports.ts, sms-carrier-reports.ts).
 */
export async function sendSms(actor: Actor, guid: string, input: SendSmsInput) {
  const user = await getUserOrThrow(actor, guid);
  const sender = telOf(input.sender);
  const number = await scopedDb(actor).device.findFirst({
    where: { userId: user.id, address: `service:${sender.slice(4)}`, phoneNumber: { is: { sms: true, status: "allocated" } } },
    select: { id: true },
  });
  if (!number) throw senderRefused(sender);
  const recipients = input.recipients.map(telOf);
  const { accountId } = await requireBillingAccount(user.id);

  const message = await prisma.$transaction(async (tx) => {
    const created = await createMessage(tx, {
      userId: user.id,
      domainId: user.domainId,
      type: "OutboundSms",
      title: input.title,
      body: input.body,
      sender,
      from: sender,
      dest: recipients.join(","),
      label: input.label,
      recipients: recipients.map((destination) => ({ destination, status: "INITIAL" })),
    });
    await chargeAccount(tx, {
      accountId,
      item: "sms",
      quantity: recipients.length,
      userId: user.id,
      reference: `message:${created.id}`,
      description: `SMS from ${sender} to ${recipients.join(", ")}`,
    });
    await queueSmsRecipients(tx, created.id);
    return created;
  });

  // After the commit, through the SMS outbox: what the engine cannot take now is tried again by the SMS job.
  await submitQueuedSms({ messageId: message.id });
  return getMessage(actor, guid, message.folder, message.id);
}
