import { randomInt } from "node:crypto";
import * as smpp from "smpp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestSmsc, type ReceivedSubmit } from "@/lib/telephony/test-smsc";
import { client, createLoggedInUser, type ApiResponse } from "../support/api-client";
import { startServer, type TestServer } from "../support/server";

// The REST-level SMS scenarios of messages.test.ts with SMS_ENGINE=smpp: a server of its own sends
// to an SMSC on 127.0.0.1 (the smpp package's server side) that answers like the simulator's test
// numbers (last four digits: 0002 reported UNDELIV, 0003 never reported, 0004 refused at once;
// 0005 throttled at first), plus what only a carrier does: parts, a dropped bind, inbound deliver_sm.

let smsc: TestSmsc;
let server: TestServer;
let baseUrl: string;
let app: ReturnType<typeof client>;
let dropNext = false;
const throttledOnce = new Set<string>();

const lastFour = (s: { destination: string }) => s.destination.slice(-4);

function receiptFor(submit: ReceivedSubmit) {
  const stat = lastFour(submit) === "0002" ? "UNDELIV" : lastFour(submit) === "0003" ? undefined : "DELIVRD";
  if (stat) setTimeout(() => void sendUntilAnswered(submit.messageId, stat), 300);
}

/** As an SMSC does, a receipt whose bind dropped is sent again on the next bind. */
async function sendUntilAnswered(messageId: string, stat: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const answer = await smsc.sendReceipt(messageId, stat, stat === "DELIVRD" ? "000" : "001").catch(() => undefined);
    if (answer === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  smsc = await TestSmsc.start({
    policy: (submit) => {
      if (dropNext && submit.concat?.sequence === 2) {
        dropNext = false;
        return "drop";
      }
      if (lastFour(submit) === "0004") return { status: smpp.errors.ESME_RINVDSTADR! };
      if (lastFour(submit) === "0005" && !throttledOnce.has(submit.destination)) {
        throttledOnce.add(submit.destination);
        return { status: smpp.errors.ESME_RTHROTTLED! };
      }
      return "ack";
    },
    onAccepted: receiptFor,
  });
  server = await startServer({
    postgresUrl: process.env.TEST_DATABASE_URL || undefined,
    env: { SMS_ENGINE: "smpp", SMPP_URL: smsc.url(), SMPP_ENQUIRE_LINK_MS: "2000", SMPP_SUBMITS_PER_SECOND: "200" },
  });
  baseUrl = server.baseUrl;
  app = client(baseUrl);
}, 300_000); // a second server, started beside the suite's own, on a loaded machine

afterAll(async () => {
  await server?.stop();
  await smsc?.stop();
});

async function userWithSmsNumber() {
  const user = await createLoggedInUser(baseUrl);
  const res = await app("POST", `/devices/${user.guid}`, { json: { id: "@sms/GBR" } });
  expect(res.status, res.text).toBe(201);
  const number = `tel:${(res.body.entry.id as string).slice("service:".length)}`;
  return { ...user, number, own: client(baseUrl, user.creds) };
}

const mobile = (four = String(randomInt(5000, 9999))) => `tel:+44770${randomInt(10_000, 99_999)}${four}`;
const digits = (tel: string) => tel.replace(/\D/g, "");
const statuses = (res: ApiResponse) => (res.body.entry.recipients as Array<{ status: string }>).map((r) => r.status);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function eventsOf(type: string, match: Record<string, unknown>) {
  const res = await app("GET", `/apps/demo:demo-app/events?filterBy=type&filterValue=${type}&count=100`);
  expect(res.status, res.text).toBe(200);
  const payloads = (res.body.entry as Array<{ payload: { params: Record<string, unknown> } }>).map((e) => e.payload);
  return payloads.filter((p) => Object.entries(match).every(([k, v]) => p.params[k] === v));
}

describe("SMS over SMPP through the REST API", () => {
  it(
    "sends each recipient as submit_sm: 201 SENT or FAILED with the carrier's reason, then " +
      "DELIVERED or FAILED from receipts (SmsStatus), billed per recipient",
    async () => {
      const user = await userWithSmsNumber();
      const recipients = [mobile(), mobile("0002"), mobile("0003"), mobile("0004")];
      const res = await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients, body: "Meet at 6?", sender: user.number } });
      expect(res.status, res.text).toBe(201);
      const id = res.body.entry.id;
      // The receipts follow 300 ms after each acknowledgement: on a loaded machine they may be applied before the 201 is read.
      const [first, second, ...rest] = statuses(res);
      expect([["SENT", "DELIVERED"].includes(first!), ["SENT", "FAILED"].includes(second!), rest]).toEqual([true, true, ["SENT", "FAILED"]]);
      expect(res.body.entry.recipients[3].detail).toBe("The carrier refused: ESME_RINVDSTADR (0x0000000B).");
      for (const r of recipients.slice(0, 3)) {
        expect(smsc.accepted.filter((s) => s.destination === digits(r))).toEqual([
          expect.objectContaining({ source: digits(user.number), text: "Meet at 6?", registeredDelivery: 1, dataCoding: 0 }),
        ]);
      }
      const reported = await until(
        () => user.own("GET", `/messages/${user.guid}/sent/${id}`),
        (r) => statuses(r)[0] === "DELIVERED" && statuses(r)[1] === "FAILED",
      );
      expect(statuses(reported)).toEqual(["DELIVERED", "FAILED", "SENT", "FAILED"]);
      expect(reported.body.entry.recipients[1].detail).toBe("The carrier reported it undelivered: UNDELIV err:001.");
      const events = await until(
        () => eventsOf("SmsStatus", { id }),
        (e) => e.length >= 2,
      );
      expect(events.map((e) => [e.params.destination, e.params.status]).sort()).toEqual(
        [
          [`tel:${digits(recipients[0]!)}`, "DELIVERED"],
          [`tel:${digits(recipients[1]!)}`, "FAILED"],
        ].sort(),
      );
      const ledger = await app("GET", `/billing/${user.guid}/ledger`);
      expect(ledger.body.entry.filter((e: { item: string; reference: string }) => e.item === "sms" && e.reference === `message:${id}`)).toMatchObject(
        [{ quantity: 4 }],
      );
    },
  );

  it("sends a 300-character text as 2 parts with one reference, UCS-2 when needed, DELIVERED once both parts are", async () => {
    const user = await userWithSmsNumber();
    const to = mobile();
    const body = "Привет! ".repeat(40).slice(0, 300);
    const res = await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [to], body, sender: user.number } });
    expect(res.status, res.text).toBe(201);
    const parts = smsc.accepted.filter((s) => s.destination === digits(to));
    expect(parts.map((p) => [p.dataCoding, p.concat?.sequence, p.concat?.total, p.concat?.reference])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [8, n, 5, parts[0]!.concat!.reference]),
    );
    expect(parts.map((p) => p.text).join("")).toBe(body);
    const gsm = mobile();
    const long = "Your parcel is waiting at the depot. ".repeat(9).slice(0, 300);
    const second = await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [gsm], body: long, sender: user.number } });
    expect(smsc.accepted.filter((s) => s.destination === digits(gsm)).map((p) => p.concat?.sequence)).toEqual([1, 2]);
    const delivered = await until(
      () => user.own("GET", `/messages/${user.guid}/sent/${second.body.entry.id}`),
      (r) => statuses(r)[0] === "DELIVERED",
    );
    expect(delivered.body.entry.status).toBe("DELIVERED");
  });

  it("puts an inbound deliver_sm into the number holder's inbox with a NewSms event", async () => {
    const user = await userWithSmsNumber();
    const from = mobile();
    expect(await smsc.sendInbound(digits(from), digits(user.number), "Are you there?")).toBe(0);
    const inbox = await user.own("GET", `/messages/${user.guid}/inbox`);
    expect(inbox.body.entry).toMatchObject([
      { type: "InboundSms", status: "NEW", from: `tel:${digits(from)}`, dest: user.number, body: "Are you there?" },
    ]);
    expect(
      await until(
        () => eventsOf("NewSms", { id: inbox.body.entry[0].id }),
        (e) => e.length === 1,
      ),
    ).toHaveLength(1);
  });

  it("loses nothing and sends nothing twice when the SMSC drops the bind mid-send, and backs off when throttled", async () => {
    const user = await userWithSmsNumber();
    const to = mobile();
    const body = "Part of a long message. ".repeat(20).slice(0, 400);
    dropNext = true;
    const res = await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [to], body, sender: user.number } });
    expect(res.status, res.text).toBe(201);
    expect(statuses(res)).toEqual(["INITIAL"]); // part 2 was never answered: queued again
    const throttled = mobile("0005");
    const slow = await user.own("POST", `/messages/${user.guid}/outbox`, { json: { recipients: [throttled], body: "Later", sender: user.number } });
    expect(statuses(slow)).toEqual(["INITIAL"]);
    const sent = await until(
      () => user.own("GET", `/messages/${user.guid}/sent/${res.body.entry.id}`),
      (r) => statuses(r)[0] === "DELIVERED",
      25_000,
    );
    expect(statuses(sent)).toEqual(["DELIVERED"]);
    const parts = smsc.accepted.filter((s) => s.destination === digits(to));
    expect(parts.map((p) => p.concat?.sequence).sort()).toEqual([1, 2, 3]);
    expect(
      parts
        .sort((a, b) => a.concat!.sequence - b.concat!.sequence)
        .map((p) => p.text)
        .join(""),
    ).toBe(body);
    const later = await until(
      () => user.own("GET", `/messages/${user.guid}/sent/${slow.body.entry.id}`),
      (r) => statuses(r)[0] === "DELIVERED",
      25_000,
    );
    expect(statuses(later)).toEqual(["DELIVERED"]);
    expect(smsc.accepted.filter((s) => s.destination === digits(throttled))).toHaveLength(1);
  }, 60_000);
});
