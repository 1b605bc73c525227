import type { AddressInfo } from "node:net";
import * as smpp from "smpp";
import type { Pdu, Session } from "smpp";

// An SMSC for tests, on 127.0.0.1 and a free port, written with the smpp package's server side: it
// binds transceivers, records every submit_sm it acknowledges, answers as `policy` says (acknowledge,
// refuse with a status, or drop the connection without answering), and sends receipts and inbound SMS.

export interface ReceivedSubmit {
  /** The SMSC's message id (acknowledged submissions only). */
  messageId: string;
  source: string;
  sourceTon: number;
  sourceNpi: number;
  destination: string;
  dataCoding: number;
  esmClass: number;
  registeredDelivery: number;
  text: string;
  concat?: { reference: number; total: number; sequence: number };
}

export type SubmitAnswer = "ack" | "drop" | { status: number };

export interface TestSmscOptions {
  systemId?: string;
  password?: string;
  /** How to answer the n-th submit_sm (0-based, counting every one received). */
  policy?: (submit: Omit<ReceivedSubmit, "messageId">, n: number) => SubmitAnswer;
  /** Called after a submit_sm was acknowledged (e.g. to send its receipt). */
  onAccepted?: (submit: ReceivedSubmit) => void;
}

export class TestSmsc {
  readonly accepted: ReceivedSubmit[] = [];
  /** Every submit_sm received, answered or not. */
  received = 0;
  binds = 0;
  enquireLinks = 0;
  policy: NonNullable<TestSmscOptions["policy"]>;
  private server: smpp.Server;
  private sessions = new Set<Session>();
  private nextId = 1;

  private constructor(private readonly options: TestSmscOptions) {
    this.policy = options.policy ?? (() => "ack");
    this.server = smpp.createServer({}, (session) => this.accept(session));
  }

  static async start(options: TestSmscOptions = {}): Promise<TestSmsc> {
    const smsc = new TestSmsc(options);
    await new Promise<void>((resolve) => smsc.server.listen(0, "127.0.0.1", resolve));
    return smsc;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(systemId = this.options.systemId ?? "esme", password = this.options.password ?? "secret"): string {
    return `smpp://${systemId}:${password}@127.0.0.1:${this.port}`;
  }

  private accept(session: Session): void {
    this.sessions.add(session);
    session.on("close", () => this.sessions.delete(session));
    session.on("error", () => undefined);
    session.on("bind_transceiver", (pdu: Pdu) => {
      const ok = pdu.system_id === (this.options.systemId ?? "esme") && pdu.password === (this.options.password ?? "secret");
      if (ok) this.binds++;
      session.send(pdu.response({ command_status: ok ? smpp.errors.ESME_ROK : smpp.errors.ESME_RBINDFAIL }));
    });
    session.on("enquire_link", (pdu: Pdu) => {
      this.enquireLinks++;
      session.send(pdu.response());
    });
    session.on("unbind", (pdu: Pdu) => session.send(pdu.response()));
    session.on("submit_sm", (pdu: Pdu) => this.onSubmit(session, pdu));
  }

  private onSubmit(session: Session, pdu: Pdu): void {
    const content = pdu.short_message as { message: string; udh?: Buffer[] };
    const element = content.udh?.find((e) => e[0] === 0x00);
    const submit = {
      source: String(pdu.source_addr),
      sourceTon: Number(pdu.source_addr_ton),
      sourceNpi: Number(pdu.source_addr_npi),
      destination: String(pdu.destination_addr),
      dataCoding: Number(pdu.data_coding),
      esmClass: Number(pdu.esm_class),
      registeredDelivery: Number(pdu.registered_delivery),
      text: String(content.message),
      ...(element ? { concat: { reference: element[2]!, total: element[3]!, sequence: element[4]! } } : {}),
    };
    const answer = this.policy(submit, this.received++);
    if (answer === "drop") return void session.destroy();
    if (answer !== "ack") return void session.send(pdu.response({ command_status: answer.status }));
    const messageId = `smsc-${this.nextId++}`;
    this.accepted.push({ messageId, ...submit });
    session.send(pdu.response({ message_id: messageId }));
    this.options.onAccepted?.(this.accepted.at(-1)!);
  }

  private bound(): Session {
    const session = [...this.sessions][0];
    if (!session) throw new Error("No ESME is connected to the test SMSC.");
    return session;
  }

  /** Sends a delivery receipt for `messageId` (stat DELIVRD, UNDELIV...); resolves with the ESME's deliver_sm_resp status. */
  sendReceipt(messageId: string, stat: string, err = "000"): Promise<number> {
    const text =
      `id:${messageId} sub:001 dlvrd:${stat === "DELIVRD" ? "001" : "000"} submit date:2611280100 ` +
      `done date:2611280101 stat:${stat} err:${err} text:`;
    return this.deliver({ source_addr: "447700900999", destination_addr: "447700900001", esm_class: 0x04, short_message: text });
  }

  /** Sends an inbound SMS (a deliver_sm that is not a receipt); resolves with the ESME's deliver_sm_resp status. */
  sendInbound(from: string, to: string, text: string, udh?: Buffer): Promise<number> {
    return this.deliver({
      source_addr: from,
      source_addr_ton: 1,
      source_addr_npi: 1,
      destination_addr: to,
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      data_coding: 0,
      esm_class: udh ? 0x40 : 0,
      short_message: udh ? { udh, message: text } : text,
    });
  }

  private deliver(fields: Record<string, unknown>): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no deliver_sm_resp within 10 s")), 10_000);
      this.bound().deliver_sm(fields, (answer) => {
        clearTimeout(timer);
        resolve(answer.command_status);
      });
    });
  }

  /** Drops every bind (the connection closes without an unbind). */
  dropBinds(): void {
    for (const session of this.sessions) session.destroy();
  }

  async stop(): Promise<void> {
    this.dropBinds();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
