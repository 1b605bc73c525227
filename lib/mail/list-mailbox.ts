import type { MailboxAttachment } from "./send-mail";
import type { DeveloperActor } from "@/lib/core/tenancy/actor";
import { scopedDb } from "@/lib/core/tenancy/scoped-db";

export const MAILBOX_PAGE_SIZE = 50;

/** The newest messages of the dev mailbox addressed to users of the developer's domains. */
export async function listMailbox(actor: DeveloperActor, page = 0) {
  const db = scopedDb(actor);
  const [total, messages] = await Promise.all([
    db.mailboxMessage.count(),
    db.mailboxMessage.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: page * MAILBOX_PAGE_SIZE,
      take: MAILBOX_PAGE_SIZE,
      select: { id: true, from: true, to: true, subject: true, text: true, attachments: true, createdAt: true, domain: { select: { name: true } } },
    }),
  ]);
  return { total, messages: messages.map((m) => ({ ...m, attachments: m.attachments as unknown as MailboxAttachment[] })) };
}
