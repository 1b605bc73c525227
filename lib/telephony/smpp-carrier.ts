import * as smpp from "smpp";
import type { Pdu, Session } from "smpp";
import { log } from "@/lib/core/log";
import type { OutgoingSms, SmsCarrierListener, SmsEngine, SmsSubmission, SubmissionProgress } from "./sms-engine";
import { parseReceipt } from "./smpp-delivery-receipt";
import { encodeSms } from "./sms-encoding";

// An SMPP 3.4 carrier (docs/messages.md, "SMPP"): one transceiver bind, kept alive with enquire_link
// and bound again with a doubling back-off when it drops; submit_sm per part with a registered
// delivery receipt, at most `submitsPerSecond`, paused with a doubling back-off while the SMSC
// answers ESME_RTHROTTLED or ESME_RMSGQFUL; deliver_sm answered only once the listener committed.

export interface SmppOptions {
  /** smpp://system_id:password@host:port */
  url: string;
  systemType: string;
  sourceTon: number;
  sourceNpi: number;
  submitsPerSecond: number;
  enquireLinkMs: number;
  /** A request without its response by then: the link is dead (it is closed and bound again). */
  responseTimeoutMs: number;
  /** How long a submission waits for a bind before the outbox tries it later. */
  bindWaitMs: number;
  reconnectMinMs: number;
  reconnectMaxMs: number;
}

/** Answers that mean "not now": the submission is tried again after a pause. */
const TRANSIENT = new Set([smpp.errors.ESME_RTHROTTLED, smpp.errors.ESME_RMSGQFUL]);
const THROTTLE_MIN_MS = 1000;
const THROTTLE_MAX_MS = 60_000;
/** Parts of an inbound concatenated SMS wait this long for the rest. */
const INBOUND_PARTS_TTL_MS = 10 * 60_000;

const statusNames = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]));
/** "ESME_RINVDSTADR (0x0000000B)" */
export const statusText = (status: number) =>
  `${statusNames.get(status) ?? "unknown status"} (0x${status.toString(16).toUpperCase().padStart(8, "0")})`;

class LinkError extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const digits = (tel: string) => tel.replace(/\D/g, "");

export class SmppCarrier implements SmsEngine {
  readonly name = "smpp" as const;
  private session?: Session;
  private bound = false;
  private stopped = false;
  private started = false;
  private listener?: SmsCarrierListener;
  private reconnectMs: number;
  private reconnectTimer?: NodeJS.Timeout;
  private enquireTimer?: NodeJS.Timeout;
  private boundWaiters = new Set<() => void>();
  private pending = new Set<(error: Error) => void>();
  private nextSlotAt = 0;
  private pausedUntil = 0;
  private throttleMs = 0;
  /** Acknowledgements being recorded: a receipt waits for them (it may overtake its submit_sm_resp's record). */
  private acknowledging = new Set<Promise<void>>();
  private inboundParts = new Map<string, { texts: string[]; firstAt: number }>();
  /** Binds made, for tests and logs. */
  binds = 0;

  constructor(private readonly options: SmppOptions) {
    this.reconnectMs = options.reconnectMinMs;
  }

  listen(listener: SmsCarrierListener): void {
    this.listener = listener;
    this.start();
  }

  /** Connects and binds (once); the bind is kept until stop(). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.connect();
  }

  get isBound(): boolean {
    return this.bound;
  }

  /** Unbinds and closes; no reconnection after this. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.enquireTimer);
    const session = this.session;
    if (!session) return;
    if (this.bound) await this.request(session, "unbind", {}, 1000).catch(() => undefined);
    await new Promise<void>((resolve) => {
      if (session.socket.destroyed) return resolve();
      session.socket.once("close", () => resolve());
      session.destroy();
    });
  }

  private connect(): void {
    if (this.stopped) return;
    const url = new URL(this.options.url);
    const session = smpp.connect({ host: url.hostname, port: Number(url.port || 2775) });
    this.session = session;
    session.on("connect", () => void this.bind(session, url));
    session.on("deliver_sm", (pdu: Pdu) => void this.onDeliver(session, pdu));
    session.on("enquire_link", (pdu: Pdu) => session.send(pdu.response()));
    session.on("unbind", (pdu: Pdu) => {
      session.send(pdu.response());
      session.close();
    });
    session.on("error", (error: Error) => log.warn("SMPP connection error", { error: error.message }));
    session.on("close", () => this.onClose(session));
  }

  private async bind(session: Session, url: URL): Promise<void> {
    try {
      const answer = await this.request(session, "bind_transceiver", {
        system_id: decodeURIComponent(url.username),
        password: decodeURIComponent(url.password),
        system_type: this.options.systemType,
        interface_version: 0x34,
      });
      if (answer.command_status !== smpp.errors.ESME_ROK) throw new Error(`the SMSC refused the bind: ${statusText(answer.command_status)}`);
      this.bound = true;
      this.binds++;
      this.reconnectMs = this.options.reconnectMinMs;
      log.info("SMPP bound", { host: url.host, systemId: decodeURIComponent(url.username) });
      this.enquireTimer = setInterval(() => {
        this.request(session, "enquire_link", {}).catch(() => session.destroy());
      }, this.options.enquireLinkMs);
      for (const wake of this.boundWaiters) wake();
      this.boundWaiters.clear();
    } catch (error) {
      log.warn("SMPP bind failed", { error: (error as Error).message });
      session.destroy();
    }
  }

  private onClose(session: Session): void {
    if (this.session !== session) return;
    const wasBound = this.bound;
    this.bound = false;
    clearInterval(this.enquireTimer);
    for (const fail of this.pending) fail(new LinkError("the bind dropped before the SMSC answered"));
    this.pending.clear();
    if (this.stopped) return;
    const delay = this.reconnectMs;
    this.reconnectMs = Math.min(this.options.reconnectMaxMs, this.reconnectMs * 2);
    log.warn(wasBound ? "SMPP bind dropped; binding again" : "SMPP connection failed; trying again", { retryInMs: delay });
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  /** Sends a request and resolves with its response; rejects (LinkError) when the link drops or stays silent. */
  private request(
    session: Session,
    command: "bind_transceiver" | "submit_sm" | "enquire_link" | "unbind",
    fields: Record<string, unknown>,
    timeoutMs = this.options.responseTimeoutMs,
  ) {
    return new Promise<Pdu>((resolve, reject) => {
      const fail = (error: Error) => {
        clearTimeout(timer);
        this.pending.delete(fail);
        reject(error);
      };
      const timer = setTimeout(() => {
        fail(new LinkError(`no ${command}_resp within ${timeoutMs} ms`));
        session.destroy(); // a late answer must not be taken for another request's
      }, timeoutMs);
      this.pending.add(fail);
      const sent = session[command](fields, (answer: Pdu) => {
        clearTimeout(timer);
        this.pending.delete(fail);
        resolve(answer);
      });
      if (!sent) fail(new LinkError("not connected to the SMSC"));
    });
  }

  /** The bound session, waiting up to bindWaitMs for one. */
  private async boundSession(): Promise<Session | undefined> {
    this.start();
    if (!this.bound) {
      let wake!: () => void;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      this.boundWaiters.add(wake);
      await Promise.race([woken, sleep(this.options.bindWaitMs)]);
      this.boundWaiters.delete(wake);
    }
    return this.bound ? this.session : undefined;
  }

  /** Waits for the next submission slot: the throughput cap, and any throttling pause. */
  private async slot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextSlotAt, this.pausedUntil);
    this.nextSlotAt = at + 1000 / this.options.submitsPerSecond;
    if (at > now) await sleep(at - now);
  }

  private throttled(): number {
    this.throttleMs = Math.min(THROTTLE_MAX_MS, Math.max(THROTTLE_MIN_MS, this.throttleMs * 2));
    this.pausedUntil = Date.now() + this.throttleMs;
    return this.throttleMs;
  }

  async submit(sms: OutgoingSms, progress?: SubmissionProgress): Promise<SmsSubmission> {
    const encoded = encodeSms(sms.body, progress?.reference ?? Math.floor(Math.random() * 256));
    const total = encoded.parts.length;
    for (const [index, shortMessage] of encoded.parts.entries()) {
      const part = index + 1;
      if (progress?.acknowledged.has(part)) continue;
      const session = await this.boundSession();
      if (!session) return { deferred: true, retryAfterMs: this.reconnectMs, detail: "Not bound to the SMSC yet." };
      await this.slot();
      let answer: Pdu;
      try {
        answer = await this.request(session, "submit_sm", {
          source_addr_ton: this.options.sourceTon,
          source_addr_npi: this.options.sourceNpi,
          source_addr: digits(sms.from),
          dest_addr_ton: 1, // international: every address here is E.164
          dest_addr_npi: 1,
          destination_addr: digits(sms.to),
          esm_class: total > 1 ? 0x40 : 0x00, // UDH indicator
          registered_delivery: 0x01, // a receipt on the final outcome, delivered or failed
          data_coding: encoded.dataCoding,
          short_message: shortMessage,
        });
      } catch (error) {
        if (!(error instanceof LinkError)) throw error;
        return { deferred: true, retryAfterMs: this.options.reconnectMinMs, detail: error.message };
      }
      const status = answer.command_status;
      if (TRANSIENT.has(status)) return { deferred: true, retryAfterMs: this.throttled(), detail: `The SMSC answered ${statusText(status)}.` };
      if (status !== smpp.errors.ESME_ROK)
        return { accepted: false, detail: `The carrier refused${total > 1 ? ` part ${part} of ${total}` : ""}: ${statusText(status)}.` };
      this.throttleMs = 0;
      const recorded = progress?.onAcknowledged(part, total, String(answer.message_id)) ?? Promise.resolve();
      this.acknowledging.add(recorded);
      try {
        await recorded;
      } finally {
        this.acknowledging.delete(recorded);
      }
    }
    return { accepted: true };
  }

  /** A receipt or an inbound SMS: answered with ESME_ROK once the listener committed it, else ESME_RX_T_APPN (the SMSC sends it again). */
  private async onDeliver(session: Session, pdu: Pdu): Promise<void> {
    let status = smpp.errors.ESME_ROK;
    try {
      const content = pdu.short_message as { message?: string | Buffer; udh?: Buffer[] } | undefined;
      const payload = pdu.message_payload as { message?: string } | undefined;
      const text = String(content?.message || payload?.message || "");
      if ((Number(pdu.esm_class) & 0x3c) === 0x04) await this.onReceipt(pdu, text);
      else
        await this.onInbound(
          pdu,
          text,
          content?.udh?.find((element) => element[0] === 0x00),
        );
    } catch (error) {
      log.error("SMPP deliver_sm not applied; the SMSC will send it again", { error: String(error) });
      status = smpp.errors.ESME_RX_T_APPN;
    }
    session.send(pdu.response({ command_status: status }));
  }

  private async onReceipt(pdu: Pdu, text: string): Promise<void> {
    const receipt = parseReceipt(text, {
      receiptedMessageId: pdu.receipted_message_id as string | undefined,
      messageState: pdu.message_state as number | undefined,
    });
    if (!receipt) return log.warn("SMPP receipt without a message id", { text });
    await Promise.allSettled([...this.acknowledging]);
    await this.listener?.onReceipt({
      carrierMessageId: receipt.carrierMessageId,
      outcome: receipt.outcome,
      detail: `${receipt.state}${receipt.error ? ` err:${receipt.error}` : ""}`,
    });
  }

  /** An inbound SMS; the parts of a concatenated one are joined in memory first (until all arrived). */
  private async onInbound(pdu: Pdu, text: string, concat: Buffer | undefined): Promise<void> {
    const from = `tel:${digits(String(pdu.source_addr))}`;
    const to = `tel:${digits(String(pdu.destination_addr))}`;
    if (!concat) return this.listener?.onInbound({ from, to, body: text });
    const [reference, total, sequence] = [concat[2]!, concat[3]!, concat[4]!];
    const key = `${from} ${to} ${reference}`;
    const now = Date.now();
    for (const [k, v] of this.inboundParts) if (now - v.firstAt > INBOUND_PARTS_TTL_MS) this.inboundParts.delete(k);
    const entry = this.inboundParts.get(key) ?? { texts: new Array<string>(total).fill(""), firstAt: now };
    entry.texts[sequence - 1] = text;
    this.inboundParts.set(key, entry);
    if (entry.texts.some((t) => t === "")) return;
    this.inboundParts.delete(key);
    await this.listener?.onInbound({ from, to, body: entry.texts.join("") });
  }
}
