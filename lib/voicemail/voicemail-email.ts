import { prisma } from "@/lib/core/db/client";
import { optionsOf } from "@/lib/devices/transform";
import { log } from "@/lib/core/log";
import { sendMail } from "@/lib/mail/send-mail";
import { formatDateTime } from "@/lib/core/text/format";

export interface VoicemailNotice {
  userId: string;
  domainId: string;
  /** The caller's address, e.g. "tel:447700900123". */
  from: string;
  /** The purpose number that was called. */
  dest: string;
  startTime: Date;
  /** Seconds. */
  duration: number;
  fileName: string;
  mp3: Buffer;
  transcript?: string;
}

const number = (address: string) => address.replace(/^(tel|service):/, "+");

/**
 * The new-message email to each of the user's verified email devices with notifyvm, the MP3
 * attached where attachmessage is on too. A mail that cannot be sent is logged: the voicemail is
 * kept either way. Answers the addresses mailed.
 */
export async function sendVoicemailEmails(notice: VoicemailNotice): Promise<string[]> {
  const devices = await prisma.device.findMany({
    where: { userId: notice.userId, domainId: notice.domainId, verified: true, address: { startsWith: "mailto:" } },
    select: { id: true, address: true, options: true },
  });
  const sent: string[] = [];
  for (const device of devices) {
    const options = optionsOf(device);
    if (!options.notifyvm) continue;
    const to = device.address.slice("mailto:".length);
    try {
      await sendMail({
        to,
        domainId: notice.domainId,
        subject: `New voicemail from ${number(notice.from)}`,
        text: [
          `You have a new voicemail on ${number(notice.dest)}.`,
          "",
          `  From: ${number(notice.from)}`,
          `  Received: ${formatDateTime(notice.startTime.toISOString())}`,
          `  Length: ${Math.round(notice.duration)} s`,
          "",
          ...(notice.transcript ? ["Transcript:", notice.transcript, ""] : []),
          options.attachmessage ? `The message is attached (${notice.fileName}).` : "Listen to it in your messages.",
        ].join("\n"),
        attachments: options.attachmessage ? [{ filename: notice.fileName, contentType: "audio/mpeg", content: notice.mp3 }] : [],
      });
      sent.push(to);
    } catch (error) {
      log.warn("voicemail email not sent", { device: device.id, error: String(error) });
    }
  }
  return sent;
}
