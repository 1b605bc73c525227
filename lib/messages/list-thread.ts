import type { Actor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";
import { getUserOrThrow } from "@/lib/core/tenancy/find-user";
import { toMessageEntry, withRecipients } from "./transform";

/** The other party of an SMS: who sent it, or the first recipient. */
export const counterpartOf = (message: { type: string; from?: string; dest?: string }) =>
  message.type === "InboundSms" ? message.from : message.dest?.split(",")[0];

/** An SMS conversation of the user with one address, oldest first (the last 50; deleted ones left out). */
export async function listSmsThread(actor: Actor, guid: string, counterpart: string) {
  const user = await getUserOrThrow(actor, guid);
  const rows = await scopedDb(actor).message.findMany({
    where: {
      AND: [
        { userId: user.id, folder: { not: "deleted" } },
        {
          OR: [
            { type: "InboundSms", fromAddress: counterpart },
            { type: "OutboundSms", recipients: { some: { destination: counterpart } } },
          ],
        },
      ],
    },
    include: withRecipients,
    orderBy: [{ time: "desc" }, { id: "desc" }],
    take: 50,
  });
  return rows.reverse().map(toMessageEntry);
}

/** The user's SMS numbers (tel:<digits>), to send from. */
export async function smsNumbersOf(actor: Actor, guid: string): Promise<string[]> {
  return heldNumbersOf(actor, guid, true);
}

/** The purpose numbers (SMS-capable ones when `smsOnly`) the user holds, as tel: addresses, oldest first. */
export async function heldNumbersOf(actor: Actor, guid: string, smsOnly: boolean): Promise<string[]> {
  const user = await getUserOrThrow(actor, guid);
  const devices = await scopedDb(actor).device.findMany({
    where: { userId: user.id, phoneNumber: { is: { ...(smsOnly ? { sms: true } : {}), status: "allocated" } } },
    select: { address: true },
    orderBy: { createdAt: "asc" },
  });
  return devices.map((d) => d.address.replace(/^service:/, "tel:"));
}
