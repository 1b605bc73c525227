import * as smpp from "smpp";
import { afterEach, describe, expect, it } from "vitest";
import type { CarrierReceipt, InboundSms, SubmissionProgress } from "./sms-engine";
import { SmppCarrier, type SmppOptions } from "./smpp-carrier";
import { TestSmsc, type TestSmscOptions } from "./test-smsc";

// The SMPP carrier against an SMSC on 127.0.0.1 (the smpp package's server side), without a database.

const running: Array<{ stop(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.stop();
});

async function setup(options: Partial<SmppOptions> = {}, policy?: TestSmscOptions["policy"]) {
  const smsc = await TestSmsc.start({ policy });
  running.push(smsc);
  const carrier = new SmppCarrier({
    url: smsc.url(),
    systemType: "",
    sourceTon: 5,
    sourceNpi: 0,
    submitsPerSecond: 1000,
    enquireLinkMs: 60_000,
    responseTimeoutMs: 2_000,
    bindWaitMs: 2_000,
    reconnectMinMs: 50,
    reconnectMaxMs: 400,
    ...options,
  });
  running.push(carrier);
  const receipts: CarrierReceipt[] = [];
  const inbound: InboundSms[] = [];
  carrier.listen({ onReceipt: async (r) => void receipts.push(r), onInbound: async (s) => void inbound.push(s) });
  return { smsc, carrier, receipts, inbound };
}

function progress(reference: number, acknowledged: number[] = []) {
  const acks: Array<[number, number, string]> = [];
  const p: SubmissionProgress = {
    reference,
    acknowledged: new Set(acknowledged),
    onAcknowledged: async (part, parts, id) => void acks.push([part, parts, id]),
  };
  return { p, acks };
}

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("the SMPP carrier", () => {
  it("binds as a transceiver and submits a GSM SMS with a registered delivery receipt, the source TON/NPI as configured", async () => {
    const { smsc, carrier } = await setup();
    const { p, acks } = progress(1);
    expect(await carrier.submit({ from: "tel:447700900001", to: "tel:447700900123", body: "Hello from Switchboard @ 10€" }, p)).toEqual({
      accepted: true,
    });
    expect(smsc.binds).toBe(1);
    expect(smsc.accepted).toEqual([
      expect.objectContaining({
        source: "447700900001",
        sourceTon: 5,
        sourceNpi: 0,
        destination: "447700900123",
        dataCoding: 0,
        esmClass: 0,
        registeredDelivery: 1,
        text: "Hello from Switchboard @ 10€",
      }),
    ]);
    expect(acks).toEqual([[1, 1, smsc.accepted[0]!.messageId]]);
  });

  it("submits UCS-2 when the text is not GSM 7-bit", async () => {
    const { smsc, carrier } = await setup();
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body: "Привет, мир" })).toEqual({ accepted: true });
    expect(smsc.accepted[0]).toMatchObject({ dataCoding: 8, text: "Привет, мир" });
  });

  it("sends a 300-character text as 2 concatenated parts under one reference, and resumes with only the parts not acknowledged", async () => {
    const { smsc, carrier } = await setup();
    const body = "Your appointment is confirmed. ".repeat(10).slice(0, 300);
    const { p, acks } = progress(42);
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body }, p)).toEqual({ accepted: true });
    expect(smsc.accepted.map((s) => [s.esmClass & 0x40, s.concat])).toEqual([
      [0x40, { reference: 42, total: 2, sequence: 1 }],
      [0x40, { reference: 42, total: 2, sequence: 2 }],
    ]);
    expect(smsc.accepted.map((s) => s.text).join("")).toBe(body);
    expect(acks.map(([part, parts]) => [part, parts])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    const resumed = progress(42, [1]);
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body }, resumed.p)).toEqual({ accepted: true });
    expect(smsc.accepted.slice(2).map((s) => s.concat)).toEqual([{ reference: 42, total: 2, sequence: 2 }]);
    expect(resumed.acks.map(([part]) => part)).toEqual([2]);
  });

  it("keeps the bind alive with enquire_link", async () => {
    const { smsc, carrier } = await setup({ enquireLinkMs: 50 });
    await until(() => carrier.isBound);
    await until(() => smsc.enquireLinks >= 3);
  });

  it("binds again with back-off when the SMSC drops the bind, and defers a submission the SMSC did not answer", async () => {
    const { smsc, carrier } = await setup({}, (_s, n) => (n === 0 ? "drop" : "ack"));
    const outcome = await carrier.submit({ from: "tel:1", to: "tel:2", body: "one" });
    expect(outcome).toMatchObject({ deferred: true, detail: expect.stringContaining("dropped") });
    await until(() => carrier.isBound && smsc.binds === 2);
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body: "one" })).toEqual({ accepted: true });
    expect(smsc.accepted.map((s) => s.text)).toEqual(["one"]);
  });

  it("backs off while throttled (ESME_RTHROTTLED), doubling the pause, and refuses on a permanent error with the carrier's reason", async () => {
    const answers = [
      { status: smpp.errors.ESME_RTHROTTLED! },
      { status: smpp.errors.ESME_RTHROTTLED! },
      "ack" as const,
      { status: smpp.errors.ESME_RINVDSTADR! },
    ];
    const { smsc, carrier } = await setup({}, (_s, n) => answers[n] ?? "ack");
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body: "a" })).toEqual({
      deferred: true,
      retryAfterMs: 1000,
      detail: expect.stringContaining("ESME_RTHROTTLED"),
    });
    const started = Date.now();
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body: "a" })).toMatchObject({ deferred: true, retryAfterMs: 2000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900); // the first pause held the next submission back
    const afterPause = Date.now();
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body: "a" })).toEqual({ accepted: true });
    expect(Date.now() - afterPause).toBeGreaterThanOrEqual(1900);
    expect(await carrier.submit({ from: "tel:1", to: "tel:9", body: "b" })).toEqual({
      accepted: false,
      detail: "The carrier refused: ESME_RINVDSTADR (0x0000000B).",
    });
    expect(smsc.received).toBe(4);
  }, 15_000);

  it("paces submissions to the throughput cap", async () => {
    const { smsc, carrier } = await setup({ submitsPerSecond: 20 });
    await until(() => carrier.isBound);
    const started = Date.now();
    await Promise.all([1, 2, 3, 4, 5, 6].map((i) => carrier.submit({ from: "tel:1", to: `tel:${i}`, body: "x" })));
    expect(smsc.accepted).toHaveLength(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5 * 50 - 10); // 6 submissions, 50 ms apart
  });

  it("hands receipts and inbound SMS (joined when concatenated) to its listener, and answers ESME_RX_T_APPN when the listener fails", async () => {
    const { smsc, carrier, receipts, inbound } = await setup();
    await until(() => carrier.isBound);
    expect(await smsc.sendReceipt("abc", "DELIVRD")).toBe(0);
    expect(await smsc.sendReceipt("abd", "UNDELIV", "001")).toBe(0);
    expect(receipts).toEqual([
      { carrierMessageId: "abc", outcome: "DELIVERED", detail: "DELIVRD" },
      { carrierMessageId: "abd", outcome: "FAILED", detail: "UNDELIV err:001" },
    ]);
    expect(await smsc.sendInbound("447700900555", "447700900001", "Hi there")).toBe(0);
    expect(await smsc.sendInbound("447700900555", "447700900001", "world", Buffer.from([0x05, 0x00, 0x03, 0x11, 0x02, 0x02]))).toBe(0);
    expect(await smsc.sendInbound("447700900555", "447700900001", "Hello ", Buffer.from([0x05, 0x00, 0x03, 0x11, 0x02, 0x01]))).toBe(0);
    expect(inbound).toEqual([
      { from: "tel:447700900555", to: "tel:447700900001", body: "Hi there" },
      { from: "tel:447700900555", to: "tel:447700900001", body: "Hello world" },
    ]);
    carrier.listen({ onReceipt: async () => Promise.reject(new Error("database down")), onInbound: async () => undefined });
    expect(await smsc.sendReceipt("abe", "DELIVRD")).toBe(smpp.errors.ESME_RX_T_APPN);
  });

  it("does not bind with a wrong password, and keeps trying", async () => {
    const smsc = await TestSmsc.start();
    running.push(smsc);
    const carrier = new SmppCarrier({
      url: smsc.url("esme", "wrong"),
      systemType: "",
      sourceTon: 1,
      sourceNpi: 1,
      submitsPerSecond: 10,
      enquireLinkMs: 60_000,
      responseTimeoutMs: 1000,
      bindWaitMs: 200,
      reconnectMinMs: 20,
      reconnectMaxMs: 50,
    });
    running.push(carrier);
    expect(await carrier.submit({ from: "tel:1", to: "tel:2", body: "x" })).toMatchObject({ deferred: true, detail: "Not bound to the SMSC yet." });
    expect(smsc.binds).toBe(0);
    expect(smsc.accepted).toHaveLength(0);
  });
});
