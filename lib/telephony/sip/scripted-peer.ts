import dgram from "node:dgram";
import { addressUri, formatSipMessage, header, headerList, headerParam, parseSipMessage, type SipRequest } from "./sip-message";

// A far end on 127.0.0.1 whose every answer a test writes by hand (signalling only, no media).

/** A far end's answer to `request` as a test writes it: its Via, From, Call-ID and CSeq, the To with `toTag` added. */
export function scriptedResponse(request: SipRequest, status: string, extra: [string, string][] = [], body = "", toTag = "peer1"): string {
  const to = header(request, "to")!;
  const headers: [string, string][] = [
    ...headerList(request, "via").map((value): [string, string] => ["Via", value]),
    ["From", header(request, "from")!],
    ["To", headerParam(to, "tag") ? to : `${to};tag=${toTag}`],
    ["Call-ID", header(request, "call-id")!],
    ["CSeq", header(request, "cseq")!],
    ...extra,
  ];
  return formatSipMessage(`SIP/2.0 ${status}`, headers, body);
}

export class ScriptedPeer {
  private readonly received: { request: SipRequest; port: number }[] = [];
  /** Status line and CSeq of every answer that arrived. */
  private readonly answers: { status: string; cseq: string }[] = [];
  private waiters: (() => void)[] = [];
  private readonly taken = new Set<string>();

  private constructor(readonly socket: dgram.Socket) {
    socket.on("message", (data, remote) => {
      const message = parseSipMessage(data.toString("utf8"));
      if (message && "method" in message) this.received.push({ request: message, port: remote.port });
      else if (message) this.answers.push({ status: `${message.status} ${message.reason}`, cseq: header(message, "cseq") ?? "" });
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async start(): Promise<ScriptedPeer> {
    const socket = dgram.createSocket("udp4");
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
    return new ScriptedPeer(socket);
  }

  get port(): number {
    return this.socket.address().port;
  }

  /** The next request of `method` not yet taken; retransmissions of one already taken are dropped. */
  async next(method: string, waitMs = 4000): Promise<{ request: SipRequest; port: number }> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const fresh = (entry: { request: SipRequest }) =>
        entry.request.method === method && !this.taken.has(`${method} ${header(entry.request, "cseq")} ${header(entry.request, "call-id")}`);
      const entry = this.received.find(fresh);
      if (entry) {
        this.taken.add(`${method} ${header(entry.request, "cseq")} ${header(entry.request, "call-id")}`);
        return entry;
      }
      if (Date.now() > deadline) throw new Error(`no ${method} arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(1000, waitMs));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until `count` requests of `method` arrived, retransmissions included. */
  async countReaches(method: string, count: number): Promise<void> {
    const deadline = Date.now() + 4000;
    while (this.received.filter((entry) => entry.request.method === method).length < count) {
      if (Date.now() > deadline) throw new Error(`fewer than ${count} ${method} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  respond(request: SipRequest, port: number, status: string, extra: [string, string][] = [], body = "", toTag = "peer1"): void {
    this.socket.send(scriptedResponse(request, status, extra, body, toTag), port, "127.0.0.1");
  }

  /** Hangs up the dialog an ACK of ours belongs to (From and To swapped); resolves with the answer's status line. */
  hangUp(ack: SipRequest, uaPort: number): Promise<string> {
    return this.sendInDialog(ack, uaPort, "BYE", 1);
  }

  /** Sends a request of the far end in the dialog an ACK of ours belongs to; resolves with the answer's status line. */
  sendInDialog(ack: SipRequest, uaPort: number, method: string, cseq: number, extra: [string, string][] = [], body = ""): Promise<string> {
    const text = formatSipMessage(
      `${method} ${addressUri(header(ack, "from")!)} SIP/2.0`,
      [
        ["Via", `SIP/2.0/UDP 127.0.0.1:${this.port};branch=z9hG4bK${method.toLowerCase()}${cseq}x${this.port}`],
        ["From", header(ack, "to")!],
        ["To", header(ack, "from")!],
        ["Call-ID", header(ack, "call-id")!],
        ["CSeq", `${cseq} ${method}`],
        ...extra,
      ],
      body,
    );
    const answered = new Promise<string>((resolve) => this.socket.once("message", (data) => resolve(data.toString().split("\r\n")[0]!)));
    this.socket.send(text, uaPort, "127.0.0.1");
    return answered;
  }

  /**
   * Sends a request of the far end in the dialog of an ACK of ours (a re-INVITE) and reads every
   * answer to it up to the final one; a 2xx to an INVITE is ACKed. Resolves with the status lines,
   * and the final answer's body.
   */
  async sendInDialogUntilFinal(
    ack: SipRequest,
    uaPort: number,
    method: string,
    cseq: number,
    extra: [string, string][] = [],
    body = "",
  ): Promise<{ statuses: string[]; body: string }> {
    const statuses: string[] = [];
    const final = new Promise<{ statuses: string[]; body: string }>((resolve) => {
      const listen = (data: Buffer) => {
        const message = parseSipMessage(data.toString("utf8"));
        if (!message || "method" in message || header(message, "cseq") !== `${cseq} ${method}`) return;
        statuses.push(`${message.status} ${message.reason}`);
        if (message.status < 200) return;
        this.socket.off("message", listen);
        if (method === "INVITE" && message.status < 300) this.sendInDialog(ack, uaPort, "ACK", cseq).catch(() => undefined);
        resolve({ statuses, body: message.body });
      };
      this.socket.on("message", listen);
    });
    void this.sendInDialog(ack, uaPort, method, cseq, extra, body);
    return final;
  }

  /** How many answers with this status line and CSeq arrived (retransmissions included). */
  answersSeen(status: string, cseq: string): number {
    return this.answers.filter((answer) => answer.status === status && answer.cseq === cseq).length;
  }

  close(): void {
    this.socket.close();
  }
}
