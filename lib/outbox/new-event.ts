/** An event as a producer hands it to publishEvent, before the outbox gives it an id and a time. */
export interface NewEvent {
  applicationId: string;
  /** e.g. "CallInitiated", "newvoicemail", "TestEvent" */
  type: string;
  /** Path of the resource under /rest/1.0, e.g. "/calls/<guid>/<id>"; sent as an absolute URI. */
  resourcePath: string;
  params: Record<string, unknown>;
  /** Calls only: a call to a user's own number, which the original platform's events told apart (cc_call_*). */
  inbound?: boolean;
}
