import type { Prisma } from "@prisma/client";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "@/lib/core/config";
import { prisma } from "@/lib/core/db/client";

// Outgoing mail: real SMTP (nodemailer) when SMTP_URL is set; otherwise the dev mailbox, a table
// the portal's Mailbox page shows, so the embedded default works without any mail server.

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The domain of the user the mail is for: its developer sees it in the Mailbox. */
  domainId: string;
  attachments?: MailAttachment[];
}

/** What the dev mailbox keeps of an attachment: its name, type and size, not its bytes. */
export interface MailboxAttachment {
  filename: string;
  contentType: string;
  size: number;
}

let transport: Transporter | undefined;

/** Where mail goes: "smtp" or the database "mailbox". */
export const mailDelivery = () => (config().SMTP_URL ? "smtp" : "mailbox");

/** Sends one message; throws when the SMTP server refuses it or cannot be reached. */
export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = config();
  const attachments = mail.attachments ?? [];
  if (!SMTP_URL) {
    const kept: MailboxAttachment[] = attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }));
    await prisma.mailboxMessage.create({
      data: {
        domainId: mail.domainId,
        from: MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: kept as unknown as Prisma.InputJsonValue,
      },
    });
    return;
  }
  transport ??= nodemailer.createTransport(SMTP_URL, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  await transport.sendMail({ from: MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text, attachments });
}
