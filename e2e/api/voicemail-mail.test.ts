import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeMp3 } from "@/lib/audio/decode-mp3";
import { embeddedDatabaseUrl } from "@/lib/core/db/embedded";
import { client, uniqueLogin } from "../support/api-client";
import { parseMail } from "../support/mime";
import { waitFor } from "../support/receiver";
import { startServer, type TestServer } from "../support/server";
import { downloadAudio, leaveVoicemail, userWithPurposeNumber } from "../support/voicemail";

// The new-voicemail email, on both mail paths: a real SMTP server on loopback (the MP3 arrives as a
// MIME attachment), and the dev mailbox (the row keeps the attachment's name, type and size).
// Each runs its own server, configured for that path.

interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; size: number; content?: Buffer }>;
}

interface Mode {
  name: string;
  /** Extra server environment. */
  env: (smtpPort: number) => Record<string, string>;
}

let smtp: SMTPServer;
let smtpPort = 0;
const received: Mail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), ...parseMail(Buffer.concat(chunks).toString("latin1")) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const modes: Mode[] = [
  { name: "over SMTP", env: (port) => ({ SMTP_URL: `smtp://127.0.0.1:${port}` }) },
  { name: "in the dev mailbox", env: () => ({}) },
];

describe.each(modes)("the voicemail email $name", (mode) => {
  let server: TestServer;
  let db: pg.Client;
  let app: ReturnType<typeof client>;
  const viaSmtp = mode.name === "over SMTP";

  beforeAll(async () => {
    server = await startServer({ postgresUrl: process.env.TEST_DATABASE_URL || undefined, env: mode.env(smtpPort) });
    app = client(server.baseUrl);
    db = new pg.Client({ connectionString: server.env.DATABASE_URL || embeddedDatabaseUrl(path.join(server.dataDir, "socket")) });
    await db.connect();
  }, 180_000);

  afterAll(async () => {
    await db?.end();
    await server?.stop();
  }, 60_000);

  /** The mails to an address, from whichever path this server uses. */
  async function mailsTo(email: string): Promise<Mail[]> {
    if (viaSmtp) return received.filter((m) => m.to === email);
    const { rows } = await db.query(`SELECT subject, text, attachments FROM "MailboxMessage" WHERE "to" = $1 ORDER BY "createdAt"`, [email]);
    return rows.map((r) => ({ to: email, subject: r.subject, text: r.text, attachments: r.attachments }));
  }

  /** A new email device of the user with the given options, confirmed with the code its email brought. */
  async function verifiedDevice(guid: string, options: Record<string, boolean>) {
    const email = `${uniqueLogin("vm")}@example.com`;
    expect((await app("POST", `/devices/${guid}`, { json: { id: `mailto:${email}`, ...options } })).status).toBe(201);
    const check = await waitFor(async () => (await mailsTo(email))[0], 10_000, "the verification email");
    const code = /Code: (\d{6})/.exec(check.text)![1]!;
    const confirmed = await app("PUT", `/devices/${guid}/mailto:${encodeURIComponent(email)}`, { json: { verifyCode: code } });
    expect(confirmed.body.entry).toMatchObject({ verified: true, ...options });
    return email;
  }

  /** A user holding a purpose number with one verified email device with the given options. */
  async function subscriber(options: Record<string, boolean>) {
    const user = await userWithPurposeNumber(server.baseUrl);
    return { user, email: await verifiedDevice(user.guid, options) };
  }

  it("sends the new-message email with the MP3 attached when notifyvm and attachmessage are on", async () => {
    const { user, email } = await subscriber({ notifyvm: true, attachmessage: true });
    const { callId, from } = await leaveVoicemail(server.baseUrl, user);
    const mail = await waitFor(async () => (await mailsTo(email)).find((m) => m.subject.startsWith("New voicemail")), 15_000, "the voicemail email");
    expect(mail.subject).toBe(`New voicemail from +${from.slice("tel:".length)}`);
    expect(mail.text).toContain(`You have a new voicemail on +${user.number}.`);
    expect(mail.text).toContain(`The message is attached (${callId}.mp3).`);

    const audio = await downloadAudio(server.baseUrl, user.creds, `/media/demo/call:${callId}/${callId}.mp3`);
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: `${callId}.mp3`, contentType: "audio/mpeg", size: audio.bytes.length })]);
    if (viaSmtp) {
      // The attachment is the recording itself, and it plays.
      expect(mail.attachments[0]!.content!.equals(audio.bytes)).toBe(true);
      expect((await decodeMp3(mail.attachments[0]!.content!)).duration).toBeGreaterThan(5);
    }
  }, 60_000); // a voicemail: ring, speech, MP3 and the mail loop

  it("without attachmessage the email has no audio; without notifyvm or unverified, no email", async () => {
    const { user, email: plain } = await subscriber({ notifyvm: true });
    const quiet = await verifiedDevice(user.guid, { attachmessage: true });
    const unverified = `${uniqueLogin("vm-unverified")}@example.com`;
    expect((await app("POST", `/devices/${user.guid}`, { json: { id: `mailto:${unverified}`, notifyvm: true, attachmessage: true } })).status).toBe(
      201,
    );
    await leaveVoicemail(server.baseUrl, user);

    const mail = await waitFor(async () => (await mailsTo(plain)).find((m) => m.subject.startsWith("New voicemail")), 15_000, "the voicemail email");
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain("Listen to it in your messages.");
    await new Promise((r) => setTimeout(r, 1000)); // the same loop mails every device: give a wrong one time to arrive
    expect((await mailsTo(quiet)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your verification code/)]);
    expect((await mailsTo(unverified)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your verification code/)]);
  }, 60_000);
});
