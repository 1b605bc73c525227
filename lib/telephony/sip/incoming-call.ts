import {
  addressUri,
  formatSipMessage,
  header,
  headerList,
  headerParam,
  parseSipUri,
  type SipPeer,
  type SipRequest,
  type SipResponse,
} from "./sip-message";

// One INVITE that reached us (RFC 3261 section 17.2.1, the INVITE server transaction, and the
// dialog it creates): 100 at once, then ring(), answer(sdp) or reject(); the caller's CANCEL, ACK,
// BYE and retransmissions come in through received(). A final response is sent again on UDP's
// timers until its ACK (T1 doubling up to T2, for 64*T1 at most); a 2xx never ACKed ends the call
// with BYE (section 13.3.1.4).

const T1 = 500;
const TRANSACTION_TIMEOUT = 64 * T1;

/** What an incoming call needs of the user agent (sip-ua.ts), so this file does not import it back. */
export interface IncomingCallTransport {
  readonly host: string;
  newBranch(): string;
  newToken(): string;
  via(branch: string, transport?: SipPeer["transport"]): string;
  contact(transport?: SipPeer["transport"]): string;
  sendText(text: string, peer: SipPeer): void;
  respond(request: SipRequest, remote: SipPeer, status: number, reason: string, extra?: [string, string][], body?: string, toTag?: string): string;
  sendRequest(text: string, branch: string, method: string, peer: SipPeer, onResponse: (response: SipResponse) => void): void;
  resendOnUdpTimers(text: string, peer: SipPeer, capAtT2: boolean): () => void;
  setTimer(ms: number, run: () => void): NodeJS.Timeout;
  clearTimer(timer: NodeJS.Timeout | undefined): void;
  forgetIncoming(callId: string): void;
}

export interface IncomingCallListener {
  /** The caller gave up before a final answer (CANCEL); the INVITE was answered 487. */
  onCancel?(): void;
  /** The caller hung up the answered call (BYE), or never ACKed our 2xx. */
  onHangup?(): void;
}

type State = "proceeding" | "answered" | "confirmed" | "rejected" | "ended";

export class IncomingCall {
  readonly callId: string;
  /** The Request-URI's user: the number or name called (`+15550100123`). */
  readonly calledUser: string;
  /** The caller's address: its From URI (`sip:+12025550143@trunk.example.net`). */
  readonly fromUri: string;
  /** The caller's SDP offer (empty when the INVITE carried none). */
  readonly offerSdp: string;
  private readonly toTag: string;
  private readonly branch: string;
  private state: State = "proceeding";
  private lastResponse = "";
  private stopResending: () => void = () => undefined;
  private giveUp: NodeJS.Timeout | undefined;
  private cseq = 1;
  private readonly routeSet: string[];
  private readonly remoteTarget: string;
  private listener: IncomingCallListener = {};
  private settleAnswer: ((acked: boolean) => void) | undefined;

  constructor(
    private readonly ua: IncomingCallTransport,
    private readonly invite: SipRequest,
    private readonly remote: SipPeer,
  ) {
    this.callId = header(invite, "call-id") ?? "";
    this.calledUser = decodeURIComponent(parseSipUri(invite.uri)?.user ?? "");
    this.fromUri = addressUri(header(invite, "from") ?? "");
    this.offerSdp = invite.body;
    this.toTag = ua.newToken();
    this.branch = headerParam(headerList(invite, "via")[0], "branch") ?? "";
    // A UAS keeps the Record-Route order (RFC 3261 12.1.1); requests go to the caller's Contact.
    this.routeSet = headerList(invite, "record-route");
    this.remoteTarget = addressUri(header(invite, "contact") ?? header(invite, "from") ?? "");
    this.lastResponse = ua.respond(invite, remote, 100, "Trying");
  }

  /** Who hears of the caller's CANCEL and BYE. */
  listen(listener: IncomingCallListener): void {
    this.listener = listener;
  }

  get answered(): boolean {
    return this.state === "answered" || this.state === "confirmed";
  }

  get ended(): boolean {
    return this.state === "rejected" || this.state === "ended";
  }

  /** 180 Ringing (again, if asked again: a provisional response is not retransmitted on its own). */
  ring(): void {
    if (this.state !== "proceeding") return;
    this.lastResponse = this.ua.respond(
      this.invite,
      this.remote,
      180,
      "Ringing",
      [["Contact", this.ua.contact(this.remote.transport)]],
      "",
      this.toTag,
    );
  }

  /** 200 with our SDP answer; resolves true once the caller ACKed it, false when it never did (we then send BYE) or the call had ended. */
  answer(sdp: string): Promise<boolean> {
    if (this.state !== "proceeding") return Promise.resolve(false);
    this.state = "answered";
    const extra: [string, string][] = [
      ["Contact", this.ua.contact(this.remote.transport)],
      ["Allow", "INVITE, ACK, CANCEL, BYE, OPTIONS, INFO"],
      ["Content-Type", "application/sdp"],
    ];
    this.lastResponse = this.ua.respond(this.invite, this.remote, 200, "OK", extra, sdp, this.toTag);
    this.resendFinal();
    return new Promise((resolve) => {
      this.settleAnswer = resolve;
      this.giveUp = this.ua.setTimer(TRANSACTION_TIMEOUT, () => {
        this.stopResending();
        if (this.state !== "answered") return;
        this.settle(false);
        void this.bye();
      });
    });
  }

  /** A final refusal (486 busy, 480 nobody there, 404 no such number); sent again until its ACK. */
  reject(status: number, reason: string): void {
    if (this.state !== "proceeding") return;
    this.state = "rejected";
    this.lastResponse = this.ua.respond(this.invite, this.remote, status, reason, [], "", this.toTag);
    this.resendFinal();
    this.giveUp = this.ua.setTimer(TRANSACTION_TIMEOUT, () => this.finishTransaction());
  }

  /** Ends the call from our side: BYE once answered, 480 while it still rings. */
  hangup(): void {
    if (this.answered) void this.bye();
    else this.reject(480, "Temporarily Unavailable");
  }

  /** A request of this call's (same Call-ID) from the caller. */
  received(request: SipRequest, remote: SipPeer): void {
    const method = request.method;
    const branch = headerParam(headerList(request, "via")[0], "branch");
    if (method === "INVITE" && branch === this.branch) {
      // Our last answer was lost: the caller sends its INVITE again.
      if (this.lastResponse) this.ua.sendText(this.lastResponse, remote);
      return;
    }
    if (method === "ACK") return this.ackReceived();
    if (method === "CANCEL") {
      this.ua.respond(request, remote, 200, "OK", [], "", this.toTag);
      if (this.state !== "proceeding") return;
      this.state = "rejected";
      this.lastResponse = this.ua.respond(this.invite, this.remote, 487, "Request Terminated", [], "", this.toTag);
      this.resendFinal();
      this.giveUp = this.ua.setTimer(TRANSACTION_TIMEOUT, () => this.finishTransaction());
      this.listener.onCancel?.();
      return;
    }
    if (method === "BYE") {
      this.ua.respond(request, remote, 200, "OK", [], "", this.toTag);
      if (!this.answered) return;
      this.end();
      this.listener.onHangup?.();
      return;
    }
    if (method === "OPTIONS" || method === "INFO") return void this.ua.respond(request, remote, 200, "OK", [], "", this.toTag);
    // A re-INVITE or UPDATE of a call we terminate ourselves: we keep the media as it is.
    this.ua.respond(request, remote, 488, "Not Acceptable Here", [], "", this.toTag);
  }

  private ackReceived(): void {
    if (this.state === "answered") {
      this.state = "confirmed";
      this.stopResending();
      this.ua.clearTimer(this.giveUp);
      this.settle(true);
    } else if (this.state === "rejected") this.finishTransaction();
  }

  private settle(acked: boolean): void {
    this.settleAnswer?.(acked);
    this.settleAnswer = undefined;
  }

  private resendFinal(): void {
    this.stopResending();
    this.stopResending = this.ua.resendOnUdpTimers(this.lastResponse, this.remote, true);
  }

  /** The refused INVITE's transaction is over (ACKed, or Timer H): the call is forgotten. */
  private finishTransaction(): void {
    this.stopResending();
    this.ua.clearTimer(this.giveUp);
    this.ua.forgetIncoming(this.callId);
  }

  private end(): void {
    this.state = "ended";
    this.stopResending();
    this.ua.clearTimer(this.giveUp);
    this.settle(false);
    this.ua.forgetIncoming(this.callId);
  }

  /** Ends the answered call; resolves with the status of the BYE's response. */
  bye(): Promise<number> {
    if (!this.answered) return Promise.resolve(0);
    this.end();
    const branch = this.ua.newBranch();
    const text = formatSipMessage(`BYE ${this.remoteTarget} SIP/2.0`, [
      ["Via", this.ua.via(branch, this.remote.transport)],
      ["Max-Forwards", "70"],
      ...this.routeSet.map((route): [string, string] => ["Route", route]),
      // In the dialog we are the To of the INVITE, with our tag; the caller is its From.
      ["From", `${header(this.invite, "to") ?? ""};tag=${this.toTag}`],
      ["To", header(this.invite, "from") ?? ""],
      ["Call-ID", this.callId],
      ["CSeq", `${++this.cseq} BYE`],
    ]);
    return new Promise((resolve) => this.ua.sendRequest(text, branch, "BYE", this.nextHop(), (response) => resolve(response.status)));
  }

  /** The first route, else the caller's Contact; a URI naming no transport is reached the way the INVITE came. */
  private nextHop(): SipPeer {
    const uri = parseSipUri(this.routeSet[0] ? addressUri(this.routeSet[0]) : this.remoteTarget);
    if (!uri) return this.remote;
    const transport = uri.transport ? (uri.transport === "tcp" ? "tcp" : "udp") : this.remote.transport;
    // Over TCP the caller's own connection carries it (the Contact's address may not accept connections).
    if (transport === "tcp" && this.remote.transport === "tcp" && !this.routeSet[0]) return this.remote;
    return { address: uri.host, port: uri.port, transport };
  }
}
