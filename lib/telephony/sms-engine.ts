// Where SMS go out (docs/messages.md). The engine takes each recipient at submission and either
// refuses it at once or accepts it; a delivery report follows later. The simulator says in advance
// when its report is due, and the SMS job applies it then (so reports survive restarts); a real
// carrier's reports would arrive as calls to applyDeliveryReport.

export interface OutgoingSms {
  /** tel:<digits> of the user's SMS number. */
  from: string;
  /** tel:<digits> */
  to: string;
  body: string;
}

export type SmsSubmission =
  | { accepted: true; report?: { status: "DELIVERED" | "FAILED"; dueAt: Date; detail?: string } }
  | { accepted: false; detail: string };

export interface SmsEngine {
  submit(sms: OutgoingSms): Promise<SmsSubmission>;
}
