// Where SMS go out (docs/messages.md). The engine takes each recipient at submission and either
// refuses it at once, accepts it, or defers it (a carrier that throttles or whose bind is down: the
// SMS outbox tries again later). The simulator says in advance when its report is due, and the SMS
// job applies it then (so reports survive restarts); a carrier (SMPP) reports through its listener:
// delivery receipts and inbound SMS, each acknowledged to the carrier once the listener's work committed.

export interface OutgoingSms {
  /** tel:<digits> of the user's SMS number. */
  from: string;
  /** tel:<digits> */
  to: string;
  body: string;
}

export type SmsSubmission =
  | { accepted: true; report?: { status: "DELIVERED" | "FAILED"; dueAt: Date; detail?: string } }
  | { accepted: false; detail: string }
  | { deferred: true; retryAfterMs: number; detail: string };

/** What a carrier needs to resume a submission without sending again what it acknowledged. */
export interface SubmissionProgress {
  /** The concatenation reference (0-255) of this SMS's parts: the same on every attempt. */
  reference: number;
  /** Parts (1-based) the carrier already acknowledged: not sent again. */
  acknowledged: ReadonlySet<number>;
  /** Called for each part the carrier acknowledges, before the next is sent; its record must be durable when it resolves. */
  onAcknowledged(part: number, parts: number, carrierMessageId: string): Promise<void>;
}

export interface CarrierReceipt {
  carrierMessageId: string;
  outcome: "DELIVERED" | "FAILED" | "PENDING";
  /** The carrier's words: "UNDELIV err:001". */
  detail: string;
}

export interface InboundSms {
  /** tel:<digits> */
  from: string;
  /** tel:<digits>: a purpose number. */
  to: string;
  body: string;
}

/** What a carrier reports to; each promise resolves once the change is committed (then the carrier acknowledges). */
export interface SmsCarrierListener {
  onReceipt(receipt: CarrierReceipt): Promise<void>;
  onInbound(sms: InboundSms): Promise<void>;
}

export interface SmsEngine {
  readonly name: "simulator" | "smpp";
  submit(sms: OutgoingSms, progress?: SubmissionProgress): Promise<SmsSubmission>;
  /** Carriers only: binds the listener and connects (once; later calls replace the listener). */
  listen?(listener: SmsCarrierListener): void;
}
