import dgram from "node:dgram";
import dns from "node:dns/promises";
import net from "node:net";
import { randomBytes } from "node:crypto";
import { digestAuthorization, parseDigestChallenge, type DigestCredentials } from "./digest";
import { parseAudioSdp, type AudioSdp } from "./media/sdp";
import { legStateForSip, type SipLegState } from "./sip-status";
import { SipStreamFramer } from "./sip-stream";
import {
  addressUri,
  dtmfDigitOfInfo,
  formatSipMessage,
  header,
  headerList,
  headerParam,
  isResponse,
  parseSipMessage,
  parseSipUri,
  type SipPeer as Peer,
  type SipRequest,
  type SipResponse,
  type SipTransport,
} from "./sip-message";
import { IncomingCall } from "./incoming-call";

export type { SipTransport } from "./sip-message";
export type { IncomingCall } from "./incoming-call";

// A SIP user agent over UDP and TCP (RFC 3261) with what outbound calls need: INVITE with an SDP
// offer, provisional and final responses, ACK, BYE, CANCEL, digest challenges, and the far end's BYE.
// On UDP, transactions retransmit on its timers (T1 500 ms doubling); on TCP (a target with
// ;transport=tcp) they do not; both give up after 64*T1. TCP listens on the UDP socket's port, and
// an answer goes back on the connection its request came in on.

const T1 = 500;
const T2 = 4000;
const TRANSACTION_TIMEOUT = 64 * T1;

export interface SipUserAgentOptions {
  /** Address to bind and to write into Via and Contact. */
  host: string;
  /** 0 (default) takes a free port. */
  port?: number;
  /** The user part of our From and Contact. */
  user?: string;
}

export interface InviteOptions {
  /** Our SDP offer; without one the INVITE asks the far end for an offer (RFC 3725 flow I), answered in the ACK. */
  sdp?: string;
  /** Leaves the 2xx un-ACKed until ack() (third-party call control sends the answer in the ACK). */
  deferAck?: boolean;
  /** Answers 401/407 challenges (once per challenge). */
  credentials?: DigestCredentials;
  /** CANCEL after this long without a final response; the leg then reads "noanswer". */
  ringSeconds?: number;
  /** Every provisional and final response, with the leg state it means (null for none). */
  onResponse?: (response: SipResponse, state: SipLegState | null) => void;
  /** The far end sent BYE after the call was answered. */
  onHangup?: () => void;
  /** The far end sent a DTMF digit by SIP INFO (application/dtmf-relay or application/dtmf). */
  onDtmf?: (digit: string) => void;
  /**
   * The far end re-INVITEd the answered call with this SDP offer (its hold, a new codec): resolves
   * with our final answer (a 2xx carries the SDP answer). Without it a re-INVITE gets 488.
   */
  onReinvite?: (offerSdp: string) => Promise<ReinviteAnswer>;
}

export interface ReinviteAnswer {
  status: number;
  reason: string;
  sdp?: string;
}

export interface InviteOutcome {
  status: number;
  reason: string;
  state: SipLegState;
  /** The far end's SDP answer (answered calls). */
  answer?: AudioSdp;
  answerSdp?: string;
}

const connectionKey = (peer: Pick<Peer, "address" | "port">) => `${peer.address}|${peer.port}`;

interface PendingTransaction {
  /** The TCP connection it went out on (connectionKey), if any. */
  connection?: string;
  onResponse(response: SipResponse): void;
}

export class SipUserAgent {
  private readonly transactions = new Map<string, PendingTransaction>();
  private readonly dialogs = new Map<string, OutgoingCall>();
  /** Calls that reached us, by Call-ID, until their dialog or refused INVITE is over. */
  private readonly incoming = new Map<string, IncomingCall>();
  private onIncoming: ((call: IncomingCall) => void) | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();
  /** ACKs of non-2xx finals by INVITE branch, sent again when the final comes again (until Timer D, 32 s). */
  private readonly completedInvites = new Map<string, { ack: string; peer: Peer }>();
  /** TCP connections, ours and the far ends', by the far end's address and port. */
  private readonly connections = new Map<string, net.Socket>();

  private constructor(
    private readonly socket: dgram.Socket,
    private readonly listener: net.Server,
    readonly host: string,
    readonly port: number,
    readonly user: string,
  ) {
    socket.on("message", (data, remote) => this.receive(data.toString("utf8"), { address: remote.address, port: remote.port, transport: "udp" }));
    listener.on("connection", (connection) => this.adopt(connection));
  }

  static async start(options: SipUserAgentOptions): Promise<SipUserAgent> {
    // UDP takes the port (a free one by default), TCP listens on the same: a port TCP finds taken is tried again.
    for (let attempt = 1; ; attempt++) {
      const socket = dgram.createSocket(options.host.includes(":") ? "udp6" : "udp4");
      await new Promise<void>((resolve, reject) => {
        socket.once("error", reject);
        socket.bind(options.port ?? 0, options.host, () => {
          socket.off("error", reject);
          resolve();
        });
      });
      const port = socket.address().port;
      const listener = net.createServer();
      try {
        await new Promise<void>((resolve, reject) => listener.once("error", reject).listen(port, options.host, () => resolve()));
        return new SipUserAgent(socket, listener, options.host, port, options.user ?? "switchboard");
      } catch (error) {
        socket.close();
        if (options.port || attempt >= 5) throw error;
      }
    }
  }

  /** Closes the sockets; calls still up are dropped without BYE (hang them up first), and those still ringing fail. */
  async stop(): Promise<void> {
    for (const call of this.dialogs.values()) call.abandon();
    this.incoming.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.transactions.clear();
    this.dialogs.clear();
    this.completedInvites.clear();
    for (const connection of this.connections.values()) connection.destroy();
    this.connections.clear();
    await new Promise<void>((resolve) => this.listener.close(() => resolve()));
    await new Promise<void>((resolve) => this.socket.close(() => resolve()));
  }

  /** Our Contact for a dialog on `transport`: the far end sends its requests there, over the same transport. */
  contact(transport: SipTransport = "udp"): string {
    return `<sip:${this.user}@${this.hostPort()}${transport === "tcp" ? ";transport=tcp" : ""}>`;
  }

  /** Takes the INVITEs that reach us outside any dialog (without it they are refused 481); each arrives after our 100. */
  acceptCalls(handler: (call: IncomingCall) => void): void {
    this.onIncoming = handler;
  }

  forgetIncoming(callId: string): void {
    this.incoming.delete(callId);
  }

  /** Calls `target` (a sip: URI); the returned call reports progress and then its outcome. */
  invite(target: string, options: InviteOptions): OutgoingCall {
    return new OutgoingCall(this, target, options);
  }

  hostPort(): string {
    return `${this.host.includes(":") ? `[${this.host}]` : this.host}:${this.port}`;
  }

  newBranch(): string {
    return `z9hG4bK${randomBytes(8).toString("hex")}`;
  }

  newToken(): string {
    return randomBytes(8).toString("hex");
  }

  via(branch: string, transport: SipTransport = "udp"): string {
    return `SIP/2.0/${transport.toUpperCase()} ${this.hostPort()};branch=${branch};rport`;
  }

  async resolve(uri: string): Promise<Peer> {
    const parsed = parseSipUri(uri);
    if (!parsed) throw new Error(`not a sip: URI: ${uri}`);
    const transport = parsed.transport ?? "udp";
    if (transport !== "udp" && transport !== "tcp") throw new Error(`transport ${transport} is not supported (UDP or TCP)`);
    const { address } = await dns.lookup(parsed.host, { family: this.host.includes(":") ? 6 : 4 });
    return { address, port: parsed.port, transport };
  }

  sendText(text: string, peer: Peer): void {
    if (peer.transport === "udp") return void this.socket.send(text, peer.port, peer.address);
    // The connection the far end opened (or we did) to this address and port; else a new one to it.
    let connection = this.connections.get(connectionKey(peer));
    if (!connection) connection = this.adopt(net.connect({ host: peer.address, port: peer.port }), peer);
    connection.write(text);
  }

  /** Reads SIP messages off a TCP connection until it closes; `peer` for one we opened (before it is connected). */
  private adopt(connection: net.Socket, peer?: Peer): net.Socket {
    const remote: Peer = peer ?? { address: connection.remoteAddress ?? "", port: connection.remotePort ?? 0, transport: "tcp" };
    const key = connectionKey(remote);
    this.connections.set(key, connection);
    const framer = new SipStreamFramer();
    connection.on("data", (chunk: Buffer) => {
      try {
        for (const text of framer.push(chunk)) this.receive(text, remote);
      } catch {
        connection.destroy(); // not SIP
      }
    });
    // A connection that fails or ends is forgotten. One that failed ends the transactions waiting on
    // it at once, as a 503 (RFC 3261 section 18.4: a transport error), not after the 32 s timeout.
    const forget = () => {
      if (this.connections.get(key) === connection) this.connections.delete(key);
    };
    connection.on("close", forget).on("error", (error: Error) => {
      forget();
      for (const transaction of [...this.transactions.values()]) {
        if (transaction.connection !== key) continue;
        transaction.onResponse({ status: 503, reason: `Service Unavailable (TCP: ${error.message})`, headers: new Map(), body: "" });
      }
    });
    return connection;
  }

  setTimer(ms: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  clearTimer(timer: NodeJS.Timeout | undefined): void {
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  /**
   * Sends a request as a client transaction: retransmitted on UDP until a response (INVITE) or a
   * final response (others) arrives; `onResponse` gets every response, a timeout gives a local 408.
   */
  sendRequest(text: string, branch: string, method: string, peer: Peer, onResponse: (response: SipResponse) => void): void {
    const key = `${branch}|${method}`;
    this.sendText(text, peer);
    const stopResending = this.resendOnUdpTimers(text, peer, method !== "INVITE");
    const timeout = this.setTimer(TRANSACTION_TIMEOUT, () => {
      stopResending();
      this.transactions.delete(key);
      onResponse({ status: 408, reason: "no response within the transaction timeout (Timer B)", headers: new Map(), body: "" });
    });
    this.transactions.set(key, {
      connection: peer.transport === "tcp" ? connectionKey(peer) : undefined,
      onResponse: (response) => {
        if (response.status < 200 && method !== "INVITE") return;
        stopResending();
        if (response.status >= 200) {
          this.clearTimer(timeout);
          this.transactions.delete(key);
        }
        onResponse(response);
      },
    });
  }

  /**
   * Sends `text` (already sent once) again on UDP's timers: after T1, then doubling, up to T2 when
   * `capAtT2` (INVITEs: uncapped); returns what stops it. On TCP, a reliable transport, nothing is
   * sent again (Timers A, E and G).
   */
  resendOnUdpTimers(text: string, peer: Peer, capAtT2: boolean): () => void {
    if (peer.transport === "tcp") return () => undefined;
    let interval = T1;
    let timer: NodeJS.Timeout | undefined;
    const schedule = () => {
      timer = this.setTimer(interval, () => {
        this.sendText(text, peer);
        interval = capAtT2 ? Math.min(interval * 2, T2) : interval * 2;
        schedule();
      });
    };
    schedule();
    return () => this.clearTimer(timer);
  }

  /** Sends the ACK of an INVITE's non-2xx final response, and again whenever that response is retransmitted. */
  sendFinalAck(branch: string, ack: string, peer: Peer): void {
    this.sendText(ack, peer);
    this.completedInvites.set(branch, { ack, peer });
    this.setTimer(TRANSACTION_TIMEOUT, () => this.completedInvites.delete(branch));
  }

  registerDialog(callId: string, call: OutgoingCall): void {
    this.dialogs.set(callId, call);
  }

  forgetDialog(callId: string): void {
    this.dialogs.delete(callId);
  }

  private receive(text: string, remote: Peer): void {
    const message = parseSipMessage(text);
    if (!message) return;
    if (isResponse(message)) {
      const branch = headerParam(headerList(message, "via")[0], "branch");
      const method = header(message, "cseq")?.split(/\s+/)[1]?.toUpperCase();
      const transaction = this.transactions.get(`${branch}|${method}`);
      const completed = method === "INVITE" && message.status >= 300 ? this.completedInvites.get(branch ?? "") : undefined;
      if (transaction) transaction.onResponse(message);
      // A final response again: our ACK was lost. For a 2xx the call ACKs it again (the ACK is its own request).
      else if (completed) this.sendText(completed.ack, completed.peer);
      else if (method === "INVITE" && message.status >= 200 && message.status < 300)
        this.dialogs.get(header(message, "call-id") ?? "")?.answerRetransmitted();
      return;
    }
    const callId = header(message, "call-id") ?? "";
    const incoming = this.incoming.get(callId);
    if (incoming) return incoming.received(message, remote);
    if (message.method === "INVITE" && this.onIncoming && !headerParam(header(message, "to"), "tag") && !this.dialogs.has(callId)) {
      const call = new IncomingCall(this, message, remote);
      this.incoming.set(callId, call);
      return this.onIncoming(call);
    }
    const call = this.dialogs.get(callId);
    if (message.method === "ACK") return void call?.ackReceived(header(message, "cseq") ?? "");
    if (message.method === "BYE" && call) {
      this.respond(message, remote, 200, "OK");
      call.farEndHungUp();
    } else if (message.method === "OPTIONS") this.respond(message, remote, 200, "OK");
    else if (message.method === "INFO" && call) {
      const digit = dtmfDigitOfInfo(header(message, "content-type"), message.body);
      // An INFO that is not DTMF (or has no body) is refused without touching the dialog (RFC 6086 section 4.2.2).
      if (digit === null) this.respond(message, remote, 415, "Unsupported Media Type");
      else {
        this.respond(message, remote, 200, "OK");
        call.dtmfReceived(digit, header(message, "cseq") ?? "");
      }
    } else if (message.method === "INVITE" && call) call.reinviteReceived(message, remote);
    else if (call) this.respond(message, remote, 488, "Not Acceptable Here");
    else this.respond(message, remote, 481, "Call/Transaction Does Not Exist");
  }

  /**
   * Answers a request statelessly (its retransmissions get the same answer again); returns what it
   * sent. A To without a tag gets `toTag` (a dialog's own), or a fresh one; a 100 gets none.
   */
  respond(request: SipRequest, remote: Peer, status: number, reason: string, extra: [string, string][] = [], body = "", toTag?: string): string {
    const via = headerList(request, "via").map((value, index) => {
      if (index > 0) return value;
      let top = value.replace(/;rport(?=;|$)/, `;rport=${remote.port}`);
      if (!/;received=/.test(top)) top += `;received=${remote.address}`;
      return top;
    });
    const to = header(request, "to") ?? "";
    const headers: [string, string][] = [
      ...via.map((value): [string, string] => ["Via", value]),
      ["From", header(request, "from") ?? ""],
      ["To", headerParam(to, "tag") !== undefined || status === 100 ? to : `${to};tag=${toTag ?? this.newToken()}`],
      ["Call-ID", header(request, "call-id") ?? ""],
      ["CSeq", header(request, "cseq") ?? ""],
      ...extra,
    ];
    // Like rport (RFC 3581): the answer goes where the request came from.
    const text = formatSipMessage(`SIP/2.0 ${status} ${reason}`, headers, body);
    this.sendText(text, remote);
    return text;
  }
}

/** One outgoing INVITE and the dialog it creates. */
export class OutgoingCall {
  readonly callId: string;
  readonly outcome: Promise<InviteOutcome>;
  private readonly fromTag: string;
  private cseq = 1;
  private branch = "";
  private inviteText = "";
  private peer: Peer | undefined;
  private toHeader: string;
  private remoteTarget: string;
  private routeSet: string[] = [];
  private ackText: string | undefined;
  private provisional = false;
  private cancelWanted = false;
  private cancelled = false;
  private ringTimer: NodeJS.Timeout | undefined;
  private ended = false;
  private answeredAt2xx = false;
  private readonly dtmfCseqs = new Set<string>();
  private reinviting = false;
  /** The far end's re-INVITE being answered, or answered last (its retransmissions get the same final). */
  private farReinvite: { cseq: string; final?: string; stopResending?: () => void; giveUp?: NodeJS.Timeout } | undefined;
  private settle!: (outcome: InviteOutcome) => void;
  private fail!: (error: Error) => void;

  constructor(
    private readonly ua: SipUserAgent,
    private readonly target: string,
    private readonly options: InviteOptions,
  ) {
    this.callId = `${ua.newToken()}@${ua.host}`;
    this.fromTag = ua.newToken();
    this.toHeader = `<${target}>`;
    this.remoteTarget = target;
    this.outcome = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
    });
    this.outcome.catch(() => undefined); // the caller reads it; an unread rejection is not a crash
    void this.start();
  }

  private async start(): Promise<void> {
    try {
      this.peer = await this.ua.resolve(this.target);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.ua.registerDialog(this.callId, this);
    this.armRingTimer();
    this.sendInvite();
  }

  /** Gives up after `ringSeconds` of ringing: from the first INVITE, and again from one re-sent with credentials. */
  private armRingTimer(): void {
    if (this.options.ringSeconds === undefined) return;
    this.ua.clearTimer(this.ringTimer);
    this.ringTimer = this.ua.setTimer(this.options.ringSeconds * 1000, () => {
      this.cancelled = true;
      this.cancel();
    });
  }

  private fromHeader(): string {
    return `<sip:${this.ua.user}@${this.ua.hostPort()}>;tag=${this.fromTag}`;
  }

  private sendInvite(authorization?: [string, string]): void {
    this.branch = this.ua.newBranch();
    const headers: [string, string][] = [
      ["Via", this.ua.via(this.branch, this.transport)],
      ["Max-Forwards", "70"],
      ["From", this.fromHeader()],
      ["To", this.toHeader],
      ["Call-ID", this.callId],
      ["CSeq", `${this.cseq} INVITE`],
      ["Contact", this.ua.contact(this.transport)],
      ["Allow", "INVITE, ACK, CANCEL, BYE, OPTIONS"],
    ];
    if (this.options.sdp) headers.push(["Content-Type", "application/sdp"]);
    if (authorization) headers.push(authorization);
    this.inviteText = formatSipMessage(`INVITE ${this.target} SIP/2.0`, headers, this.options.sdp ?? "");
    this.ua.sendRequest(this.inviteText, this.branch, "INVITE", this.peer!, (response) =>
      this.onInviteResponse(response, authorization !== undefined),
    );
  }

  private onInviteResponse(response: SipResponse, authorized: boolean): void {
    const status = response.status;
    if (status < 200) {
      this.provisional = true;
      this.options.onResponse?.(response, legStateForSip({ kind: "response", status }));
      if (this.cancelWanted) this.cancel();
      return;
    }
    this.ua.clearTimer(this.ringTimer);
    if (status < 300) return this.answered(response);
    // A non-2xx final response is ACKed inside the INVITE transaction (same branch, the response's To);
    // our own 408 after the transaction timed out came from nobody.
    if (response.headers.size > 0) {
      const ack = formatSipMessage(`ACK ${this.target} SIP/2.0`, [
        ["Via", this.ua.via(this.branch, this.transport)],
        ["Max-Forwards", "70"],
        ["From", this.fromHeader()],
        ["To", header(response, "to") ?? this.toHeader],
        ["Call-ID", this.callId],
        ["CSeq", `${this.cseq} ACK`],
      ]);
      this.ua.sendFinalAck(this.branch, ack, this.peer!);
    }
    const challengeHeader =
      status === 401 ? header(response, "www-authenticate") : status === 407 ? header(response, "proxy-authenticate") : undefined;
    const challenge = challengeHeader ? parseDigestChallenge(challengeHeader) : null;
    if (challenge && this.options.credentials && !this.cancelled && (!authorized || challenge.stale)) {
      this.cseq++;
      this.provisional = false;
      // The challenge was a final answer, which stopped the ring timer: the authenticated INVITE rings afresh.
      this.armRingTimer();
      const value = digestAuthorization(challenge, this.options.credentials, { method: "INVITE", uri: this.target });
      this.sendInvite([status === 401 ? "Authorization" : "Proxy-Authorization", value]);
      return;
    }
    this.options.onResponse?.(response, legStateForSip({ kind: "response", status }));
    this.finish(status, response.reason, this.cancelled ? "noanswer" : legStateForSip({ kind: "response", status })!);
  }

  private answered(response: SipResponse): void {
    this.toHeader = header(response, "to") ?? this.toHeader;
    const contact = header(response, "contact");
    if (contact) this.remoteTarget = addressUri(contact);
    this.routeSet = headerList(response, "record-route").reverse();
    this.answeredAt2xx = true;
    if (!this.options.deferAck || this.cancelled) this.ack();
    const state = legStateForSip({ kind: "response", status: response.status })!;
    this.options.onResponse?.(response, state);
    if (this.cancelled) {
      // Answered while we cancelled: the call must still be ended, by BYE.
      void this.bye();
      this.finish(response.status, response.reason, "noanswer");
      return;
    }
    const answer = parseAudioSdp(response.body) ?? undefined;
    this.settle({ status: response.status, reason: response.reason, state, answer, answerSdp: response.body });
  }

  /**
   * ACKs the 2xx (once; the far end retransmits it until then, for 32 s at most), with the SDP
   * answer when the 2xx carried the offer. The ACK is a request of its own in the dialog (new branch, same CSeq number).
   */
  ack(sdp?: string): void {
    if (!this.answeredAt2xx || this.ackText) return;
    this.ackText = this.inDialogRequest("ACK", this.cseq, this.ua.newBranch(), sdp);
    this.ua.sendText(this.ackText, this.nextHop());
  }

  /** Ends the call whatever its state: BYE once answered (ACKing a deferred 2xx first, with `rejectSdp`), CANCEL while ringing. */
  hangup(rejectSdp?: string): void {
    if (this.ended) return;
    if (this.answeredAt2xx) {
      this.ack(rejectSdp);
      void this.bye();
    } else this.cancel();
  }

  /** The 2xx came again: our ACK was lost (or is still deferred). */
  answerRetransmitted(): void {
    if (this.ackText) this.ua.sendText(this.ackText, this.nextHop());
  }

  /** Gives up ringing: CANCEL once a provisional response came (RFC 3261 9.1), the INVITE then ends with 487. */
  cancel(): void {
    if (this.ackText || this.ended) return;
    if (!this.provisional) {
      this.cancelWanted = true;
      return;
    }
    this.cancelWanted = false;
    const text = formatSipMessage(`CANCEL ${this.target} SIP/2.0`, [
      ["Via", this.ua.via(this.branch, this.transport)],
      ["Max-Forwards", "70"],
      ["From", this.fromHeader()],
      ["To", `<${this.target}>`],
      ["Call-ID", this.callId],
      ["CSeq", `${this.cseq} CANCEL`],
    ]);
    this.ua.sendRequest(text, this.branch, "CANCEL", this.peer!, () => undefined);
  }

  /** Ends an answered call; resolves with the status of the BYE's response. */
  bye(): Promise<number> {
    if (!this.ackText) return Promise.reject(new Error("the call was not answered"));
    this.ended = true;
    this.clearFarReinvite();
    const branch = this.ua.newBranch();
    const text = this.inDialogRequest("BYE", ++this.cseq, branch);
    return new Promise((resolve) => {
      this.ua.sendRequest(text, branch, "BYE", this.nextHop(), (response) => {
        this.ua.forgetDialog(this.callId);
        resolve(response.status);
      });
    });
  }

  /**
   * Changes the session of an answered call by a re-INVITE in its dialog (hold, mute, talk): resolves
   * with the final status and the far end's SDP answer. A 2xx is ACKed (again if it comes again); 491
   * (glare) and other failures leave the session as it was, and the caller decides what to report.
   */
  reinvite(sdp: string): Promise<{ status: number; reason: string; answerSdp?: string }> {
    if (!this.ackText || this.ended) return Promise.reject(new Error("the call is not answered"));
    if (this.reinviting) return Promise.reject(new Error("a re-INVITE of this call is still open"));
    this.reinviting = true;
    const cseq = ++this.cseq;
    const branch = this.ua.newBranch();
    const hop = this.nextHop();
    const text = this.inDialogRequest("INVITE", cseq, branch, sdp, true);
    return new Promise((resolve) => {
      this.ua.sendRequest(text, branch, "INVITE", hop, (response) => {
        if (response.status < 200) return;
        this.reinviting = false;
        if (response.status < 300) {
          // The 2xx's ACK is a request of its own (new branch); kept to answer the 2xx's retransmissions.
          this.ackText = this.inDialogRequest("ACK", cseq, this.ua.newBranch());
          this.ua.sendText(this.ackText, hop);
          resolve({ status: response.status, reason: response.reason, answerSdp: response.body || undefined });
          return;
        }
        if (response.status !== 408) this.ua.sendFinalAck(branch, this.inDialogRequest("ACK", cseq, branch), hop);
        resolve({ status: response.status, reason: response.reason });
      });
    });
  }

  /**
   * The far end re-INVITEd the answered call: 100 at once, then the final answer `onReinvite` gives;
   * a 2xx is sent again on UDP's timers (T1 doubling up to T2) until its ACK, for 64*T1 at most. A
   * re-INVITE crossing one of ours gets 491 (RFC 3261 14.2), one while the last is being answered 500.
   */
  reinviteReceived(request: SipRequest, remote: Peer): void {
    const cseq = header(request, "cseq") ?? "";
    if (this.farReinvite?.cseq === cseq) {
      if (this.farReinvite.final) this.ua.sendText(this.farReinvite.final, remote);
      return;
    }
    if (!this.ackText || this.ended || !this.options.onReinvite) return void this.ua.respond(request, remote, 488, "Not Acceptable Here");
    if (this.reinviting) return void this.ua.respond(request, remote, 491, "Request Pending");
    if (this.farReinvite && !this.farReinvite.final)
      return void this.ua.respond(request, remote, 500, "Server Internal Error", [["Retry-After", "1"]]);
    this.clearFarReinvite();
    const pending: NonNullable<typeof this.farReinvite> = { cseq };
    this.farReinvite = pending;
    this.ua.respond(request, remote, 100, "Trying");
    void this.options
      .onReinvite(request.body)
      .catch((error: unknown): ReinviteAnswer => ({
        status: 500,
        reason: `Server Internal Error (${error instanceof Error ? error.message : String(error)})`,
      }))
      .then((answer) => {
        if (this.ended || this.farReinvite !== pending) return;
        const accepted = answer.status < 300 && !!answer.sdp;
        const extra: [string, string][] = accepted
          ? [
              ["Contact", this.ua.contact(this.transport)],
              ["Content-Type", "application/sdp"],
            ]
          : [];
        pending.final = this.ua.respond(
          request,
          remote,
          accepted ? 200 : answer.status,
          accepted ? "OK" : answer.reason,
          extra,
          accepted ? answer.sdp : "",
        );
        if (!accepted) return;
        const stopResending = this.ua.resendOnUdpTimers(pending.final, remote, true);
        pending.stopResending = stopResending;
        pending.giveUp = this.ua.setTimer(TRANSACTION_TIMEOUT, stopResending);
      });
  }

  /** The far end's ACK: of its re-INVITE's 2xx (same CSeq number), which then is sent no more. */
  ackReceived(cseq: string): void {
    if (this.farReinvite?.cseq.split(/\s+/)[0] === cseq.split(/\s+/)[0]) this.clearFarReinvite();
  }

  private clearFarReinvite(): void {
    this.farReinvite?.stopResending?.();
    this.ua.clearTimer(this.farReinvite?.giveUp);
  }

  /** The user agent stopped: an outcome still open fails. */
  abandon(): void {
    this.fail(new Error("the SIP user agent stopped"));
  }

  /** A DTMF INFO arrived; a retransmission of one already reported (same CSeq) is answered again but not reported twice. */
  dtmfReceived(digit: string, cseq: string): void {
    if (this.ended || this.dtmfCseqs.has(cseq)) return;
    this.dtmfCseqs.add(cseq);
    this.options.onDtmf?.(digit);
  }

  farEndHungUp(): void {
    if (this.ended) return;
    this.ended = true;
    this.clearFarReinvite();
    this.ua.forgetDialog(this.callId);
    this.options.onHangup?.();
  }

  private finish(status: number, reason: string, state: SipLegState): void {
    this.ended = true;
    this.ua.forgetDialog(this.callId);
    this.settle({ status, reason, state });
  }

  private inDialogRequest(method: string, cseq: number, branch: string, sdp?: string, withContact = false): string {
    const headers: [string, string][] = [
      ["Via", this.ua.via(branch, this.transport)],
      ["Max-Forwards", "70"],
      ...this.routeSet.map((route): [string, string] => ["Route", route]),
      ["From", this.fromHeader()],
      ["To", this.toHeader],
      ["Call-ID", this.callId],
      ["CSeq", `${cseq} ${method}`],
    ];
    if (withContact) headers.push(["Contact", this.ua.contact(this.transport)]);
    if (sdp) headers.push(["Content-Type", "application/sdp"]);
    return formatSipMessage(`${method} ${this.remoteTarget} SIP/2.0`, headers, sdp ?? "");
  }

  /** Requests inside the dialog go to the first route, else to the far end's Contact (loose routing). */
  private nextHop(): Peer {
    const uri = parseSipUri(this.routeSet[0] ? addressUri(this.routeSet[0]) : this.remoteTarget);
    if (!uri) return this.peer!;
    // A URI naming no transport is reached the way the dialog was set up.
    const transport: SipTransport = uri.transport ? (uri.transport === "tcp" ? "tcp" : "udp") : this.transport;
    return { address: uri.host, port: uri.port, transport };
  }

  /** The transport the INVITE went out on (its target's ;transport=). */
  private get transport(): SipTransport {
    return this.peer?.transport ?? "udp";
  }
}
