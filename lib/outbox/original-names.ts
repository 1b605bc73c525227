import type { NewEvent } from "./new-event";

// The original platform's event types (docs/webhooks.md, "Event names of the original platform"),
// for applications whose eventNames setting is "original". Its client libraries read two families:
// the call-control API's (CallLegAnswered, CallLegHungUp, ...: today's names already) and, for
// calls to a user's own number, cc_call_*, newcalllog and the message events. An event gets the
// original's type and the original's params next to today's; nothing is removed. An event without
// a counterpart goes under its current name, unchanged.

export const EVENT_NAMINGS = ["current", "original"] as const;
export type EventNaming = (typeof EVENT_NAMINGS)[number];

type Params = Record<string, unknown>;

interface Counterpart {
  type: string;
  /** Which events of the current type it covers (all when absent); the first that applies wins. */
  when?: (event: NewEvent) => boolean;
  /** The original's params, added to today's. `resource` is the event's absolute resource URI. */
  params?: (event: NewEvent, resource: string) => Params;
}

const inbound = (event: NewEvent) => event.inbound === true;
const inboundWithStatus = (status: string) => (event: NewEvent) => inbound(event) && event.params.status === status;

/** The call-control API's leg params: the leg's URI and its status. */
const legParams = (event: NewEvent, resource: string): Params => ({
  call_leg_uri: `${resource}/${event.params.leg}`,
  call_leg_status: event.params.status,
});
/** The user-call events (cc_call_*, newcalllog) name the call callId. */
const userCallParams = (event: NewEvent): Params => ({ callId: event.params.callid });
const userCallLegParams = (event: NewEvent, resource: string): Params => ({ ...userCallParams(event), ...legParams(event, resource) });

const COUNTERPARTS: Record<string, Counterpart[]> = {
  CallInitiated: [{ type: "cc_call_incoming", when: inbound, params: userCallParams }],
  CallLegAnswered: [
    { type: "cc_call_answered", when: inbound, params: userCallLegParams },
    { type: "CallLegAnswered", params: legParams },
  ],
  CallLegHungUp: [
    // The user's leg rang out: every unanswered inbound call goes to voicemail (docs/voicemail.md).
    { type: "cc_call_stopringing", when: inboundWithStatus("NOANSWER"), params: userCallLegParams },
    { type: "cc_call_hangup", when: inbound, params: userCallLegParams },
    { type: "CallLegHungUp", params: legParams },
  ],
  CallCompleted: [
    { type: "cc_call_vmpickup", when: inboundWithStatus("NOANSWER"), params: userCallParams },
    { type: "newcalllog", when: inbound, params: userCallParams },
  ],
  // Recordings are of the whole call: the original's RecordComplete was a leg's.
  RecordComplete: [{ type: "RecordCallComplete", params: (event) => ({ length: event.params.duration }) }],
  CallCost: [{ type: "CALL_COST" }],
  NewVoicemail: [{ type: "newvoicemail", params: (event) => ({ senderId: event.params.from ?? null }) }],
  MessageDeleted: [{ type: "deletemessage" }],
  TranscriptionReady: [{ type: "transcribedata" }],
  CreditExhausted: [{ type: "CREDIT_ALL_GONE", when: (event) => Number(event.params.balance) === 0 }, { type: "CREDIT_EXHAUSTED" }],
};

/** The event as the original platform sent it: its type and params, or the event as it is when it had no counterpart. */
export function inOriginalNames(event: NewEvent, resource: string): { type: string; params: Params } {
  const counterpart = COUNTERPARTS[event.type]?.find((c) => !c.when || c.when(event));
  if (!counterpart) return { type: event.type, params: event.params };
  return { type: counterpart.type, params: { ...event.params, ...counterpart.params?.(event, resource) } };
}
