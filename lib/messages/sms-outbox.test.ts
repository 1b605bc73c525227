import type { PrismaClient } from "@prisma/client";
import * as smpp from "smpp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openProductDatabase, type ProductDatabase } from "@/e2e/support/product-database";
import { TestSmsc, type SubmitAnswer } from "@/lib/telephony/test-smsc";

// The SMS outbox with SMS_ENGINE=smpp against an SMSC on 127.0.0.1 and a real database (PGlite;
// PostgreSQL with TEST_DATABASE_URL): submission after the commit, acknowledged parts recorded and
// never sent again (a dropped bind, a crash), throttling, permanent refusals, receipts, inbound SMS.

let prisma: PrismaClient;
let outbox: typeof import("./sms-outbox");
let createMessage: typeof import("./create-message").createMessage;
let stopSmsEngine: () => Promise<void>;
let smsc: TestSmsc;
let database: ProductDatabase | undefined;
const ids = { userId: "", domainId: "" };
const SMS_NUMBER = "447700900001";
let policy: (n: number) => SubmitAnswer = () => "ack";

beforeAll(async () => {
  smsc = await TestSmsc.start({ policy: (_s, n) => policy(n) });
  database = await openProductDatabase({ SMS_ENGINE: "smpp", SMPP_URL: smsc.url(), SMPP_SUBMITS_PER_SECOND: "1000" });
  prisma = database.prisma;
  outbox = await import("./sms-outbox");
  ({ createMessage } = await import("./create-message"));
  ({ stopSmsEngine } = await import("@/lib/telephony/configured-sms-engine"));

  const developer = await prisma.developer.create({ data: { email: "dev@example.com", name: "dev", passwordHash: "x" } });
  const domain = await prisma.domain.create({ data: { name: "smpp", ownerId: developer.id } });
  await prisma.application.create({
    data: { domainId: domain.id, name: "app", consumerKey: "smpp-app-key", consumerSecretEnc: "x", createdById: developer.id },
  });
  const user = await prisma.user.create({ data: { domainId: domain.id, login: "ada", passwordHash: "x" } });
  const device = await prisma.device.create({ data: { userId: user.id, domainId: domain.id, address: `service:${SMS_NUMBER}` } });
  await prisma.phoneNumber.create({ data: { number: SMS_NUMBER, country: "GB", sms: true, status: "allocated", deviceId: device.id } });
  Object.assign(ids, { userId: user.id, domainId: domain.id });
}, 60_000);

afterAll(async () => {
  await stopSmsEngine?.();
  await smsc?.stop();
  await database?.close();
});

beforeEach(() => {
  policy = () => "ack";
});

/** Stores an SMS with its recipients queued, as POST /messages/{guid}/outbox does in its transaction. */
async function queueSms(body: string, destinations: string[]): Promise<string> {
  return prisma.$transaction(async (tx) => {
    const message = await createMessage(tx, {
      userId: ids.userId,
      domainId: ids.domainId,
      type: "OutboundSms",
      body,
      sender: `tel:${SMS_NUMBER}`,
      from: `tel:${SMS_NUMBER}`,
      dest: destinations.join(","),
      recipients: destinations.map((destination) => ({ destination, status: "INITIAL" })),
    });
    await outbox.queueSmsRecipients(tx, message.id);
    return message.id;
  });
}

const recipientsOf = (messageId: string) => prisma.messageRecipient.findMany({ where: { messageId }, orderBy: { position: "asc" } });
const partsOf = (recipientId: string) =>
  prisma.$queryRaw<
    { part: number; parts: number; carrierMessageId: string; status: string }[]
  >`SELECT "part", "parts", "carrierMessageId", "status" FROM "SmsPart" WHERE "recipientId" = ${recipientId}::uuid ORDER BY "part"`;
const smsStatusEvents = async (messageId: string) =>
  (await prisma.event.findMany({ where: { type: "SmsStatus" }, orderBy: { createdAt: "asc" } }))
    .map((e) => (e.payload as { params: { id: string; destination: string; status: string } }).params)
    .filter((p) => p.id === messageId)
    .map((p) => [p.destination, p.status]);
const acceptedTo = (destination: string) => smsc.accepted.filter((s) => s.destination === destination.slice(4));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Makes every queued recipient due now (instead of waiting out a back-off or a lease). */
const dueNow = () => prisma.$executeRaw`UPDATE "MessageRecipient" SET "submitAt" = now() - interval '1 hour' WHERE "submitAt" IS NOT NULL`;

describe("SMS over SMPP through the outbox", () => {
  it("submits each recipient after the commit, stores the carrier's ids, and moves recipients with receipts (SmsStatus)", async () => {
    const messageId = await queueSms("Your code is 1234", ["tel:447700900111", "tel:447700900112"]);
    expect(await outbox.submitQueuedSms({ messageId })).toEqual({ accepted: 2, refused: 0, deferred: 0 });
    const [first, second] = await recipientsOf(messageId);
    expect([first!.status, second!.status]).toEqual(["SENT", "SENT"]);
    expect(acceptedTo(first!.destination)).toEqual([
      expect.objectContaining({ source: SMS_NUMBER, registeredDelivery: 1, dataCoding: 0, text: "Your code is 1234" }),
    ]);
    const [firstPart] = await partsOf(first!.id);
    expect(firstPart).toEqual({ part: 1, parts: 1, carrierMessageId: acceptedTo(first!.destination)[0]!.messageId, status: "SENT" });

    expect(await smsc.sendReceipt(firstPart!.carrierMessageId, "DELIVRD")).toBe(0);
    const [secondPart] = await partsOf(second!.id);
    expect(await smsc.sendReceipt(secondPart!.carrierMessageId, "UNDELIV", "001")).toBe(0);
    const after = await recipientsOf(messageId);
    expect(after.map((r) => [r.status, r.detail])).toEqual([
      ["DELIVERED", null],
      ["FAILED", "The carrier reported it undelivered: UNDELIV err:001."],
    ]);
    expect((await prisma.message.findUniqueOrThrow({ where: { id: messageId } })).status).toBe("DELIVERED");
    expect(await smsStatusEvents(messageId)).toEqual([
      ["tel:447700900111", "DELIVERED"],
      ["tel:447700900112", "FAILED"],
    ]);
  });

  it("sends a 300-character text as 2 parts with one reference, UCS-2 text as UCS-2, and is DELIVERED only when every part is", async () => {
    const body = "Reminder: ".padEnd(300, "x");
    const messageId = await queueSms(body, ["tel:447700900121"]);
    const ucs2 = await queueSms("Привет, это Switchboard", ["tel:447700900122"]);
    await outbox.submitQueuedSms({ messageId });
    await outbox.submitQueuedSms({ messageId: ucs2 });
    const parts = acceptedTo("tel:447700900121");
    expect(parts.map((p) => p.concat)).toEqual([
      { reference: parts[0]!.concat!.reference, total: 2, sequence: 1 },
      { reference: parts[0]!.concat!.reference, total: 2, sequence: 2 },
    ]);
    expect(parts.map((p) => p.text).join("")).toBe(body);
    expect(acceptedTo("tel:447700900122")).toEqual([expect.objectContaining({ dataCoding: 8, text: "Привет, это Switchboard" })]);

    const [stored] = await prisma.$queryRaw<
      { carrierReference: number }[]
    >`SELECT "carrierReference" FROM "MessageRecipient" WHERE "messageId" = ${messageId}::uuid`;
    expect(stored!.carrierReference).toBe(parts[0]!.concat!.reference);
    await smsc.sendReceipt(parts[1]!.messageId, "DELIVRD");
    expect((await recipientsOf(messageId))[0]!.status).toBe("SENT");
    await smsc.sendReceipt(parts[0]!.messageId, "DELIVRD");
    expect((await recipientsOf(messageId))[0]!.status).toBe("DELIVERED");
  });

  it("loses nothing and sends nothing twice when the SMSC drops the bind mid-send", async () => {
    const start = smsc.received;
    // The second submit_sm of this run (part 2 of the long SMS, or the other recipient's) is never answered: the bind drops.
    policy = (n) => (n === start + 1 ? "drop" : "ack");
    const body = "Part of a long message. ".repeat(20).slice(0, 400);
    const messageId = await queueSms(body, ["tel:447700900131", "tel:447700900132"]);
    // Counted before the drop: on a quiet machine the re-bind can come before the first submission returns.
    const bindsBefore = smsc.binds;
    const first = await outbox.submitQueuedSms({ messageId });
    expect(first.deferred).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 50 && (await recipientsOf(messageId)).some((r) => r.status === "INITIAL"); i++) {
      await sleep(100);
      await dueNow();
      await outbox.submitQueuedSms();
    }
    expect(smsc.binds).toBeGreaterThan(bindsBefore); // bound again
    expect((await recipientsOf(messageId)).map((r) => r.status)).toEqual(["SENT", "SENT"]);
    const long = acceptedTo("tel:447700900131");
    expect(long.map((p) => p.concat!.sequence).sort()).toEqual([1, 2, 3]);
    expect(new Set(long.map((p) => p.concat!.reference)).size).toBe(1);
    expect(
      long
        .sort((a, b) => a.concat!.sequence - b.concat!.sequence)
        .map((p) => p.text)
        .join(""),
    ).toBe(body);
    expect(acceptedTo("tel:447700900132")).toHaveLength(3);
    expect(smsc.received - start).toBe(7); // 6 acknowledged parts and the one the drop swallowed
  }, 20_000);

  it("after a crash, sends only the parts the carrier has not acknowledged, under the same reference", async () => {
    const body = "After a restart. ".repeat(20).slice(0, 300);
    const messageId = await queueSms(body, ["tel:447700900141"]);
    const [recipient] = await recipientsOf(messageId);
    // What a process that died right after part 1's submit_sm_resp left: the claim, its lease, the part's record.
    await prisma.$executeRaw`
      UPDATE "MessageRecipient" SET "carrierReference" = 77, "submitAttempts" = 1, "submitAt" = now() + interval '2 minutes'
      WHERE "id" = ${recipient!.id}::uuid`;
    await prisma.$executeRaw`
      INSERT INTO "SmsPart" ("recipientId", "part", "parts", "carrierMessageId", "status")
      VALUES (${recipient!.id}::uuid, 1, 2, 'before-crash-1', 'SENT')`;
    expect(await outbox.submitQueuedSms()).toEqual({ accepted: 0, refused: 0, deferred: 0 }); // leased: nobody takes it yet
    await dueNow(); // the lease ran out
    expect(await outbox.submitQueuedSms()).toEqual({ accepted: 1, refused: 0, deferred: 0 });
    expect(acceptedTo("tel:447700900141").map((p) => p.concat)).toEqual([{ reference: 77, total: 2, sequence: 2 }]);
    expect((await partsOf(recipient!.id)).map((p) => p.part)).toEqual([1, 2]);
    expect((await recipientsOf(messageId))[0]!.status).toBe("SENT");
  });

  it("backs off when throttled (ESME_RTHROTTLED) and marks a permanent refusal FAILED with the carrier's reason", async () => {
    const start = smsc.received;
    policy = (n) => (n === start ? { status: smpp.errors.ESME_RTHROTTLED! } : n === start + 1 ? { status: smpp.errors.ESME_RINVDSTADR! } : "ack");
    const throttled = await queueSms("Throttled at first", ["tel:447700900151"]);
    expect(await outbox.submitQueuedSms({ messageId: throttled })).toEqual({ accepted: 0, refused: 0, deferred: 1 });
    const [waiting] = await prisma.$queryRaw<{ status: string; submitAt: Date; submitAttempts: number }[]>`
      SELECT "status", "submitAt", "submitAttempts" FROM "MessageRecipient" WHERE "messageId" = ${throttled}::uuid`;
    expect(waiting!.status).toBe("INITIAL");
    expect(waiting!.submitAttempts).toBe(1);
    expect(await outbox.submitQueuedSms()).toEqual({ accepted: 0, refused: 0, deferred: 0 }); // not due during the back-off

    const refused = await queueSms("To a bad number", ["tel:447700900152"]);
    const started = Date.now();
    expect(await outbox.submitQueuedSms({ messageId: refused })).toEqual({ accepted: 0, refused: 1, deferred: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500); // the carrier held it until the throttling pause ended
    expect((await recipientsOf(refused)).map((r) => [r.status, r.detail])).toEqual([
      ["FAILED", "The carrier refused: ESME_RINVDSTADR (0x0000000B)."],
    ]);

    await dueNow();
    expect(await outbox.submitQueuedSms()).toEqual({ accepted: 1, refused: 0, deferred: 0 });
    expect((await recipientsOf(throttled))[0]!.status).toBe("SENT");
    expect(acceptedTo("tel:447700900151")).toHaveLength(1);
  });

  it("puts an inbound deliver_sm into the inbox of the user holding the number (NewSms), and drops one for a number nobody holds", async () => {
    await outbox.submitQueuedSms(); // binds the carrier to its listener
    expect(await smsc.sendInbound("447700900777", SMS_NUMBER, "Are we still on for tomorrow?")).toBe(0);
    const inbox = await prisma.message.findMany({ where: { userId: ids.userId, type: "InboundSms" } });
    expect(inbox.map((m) => [m.folder, m.status, m.fromAddress, m.dest, m.body])).toEqual([
      ["inbox", "NEW", "tel:447700900777", `tel:${SMS_NUMBER}`, "Are we still on for tomorrow?"],
    ]);
    const newSms = await prisma.event.findMany({ where: { type: "NewSms" } });
    expect(newSms.map((e) => (e.payload as { params: { id: string } }).params.id)).toEqual([inbox[0]!.id]);
    expect(await smsc.sendInbound("447700900777", "447700900999", "Nobody's")).toBe(0);
    expect(await prisma.message.count({ where: { type: "InboundSms" } })).toBe(1);
  });
});
