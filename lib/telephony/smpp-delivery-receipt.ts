// A delivery receipt (deliver_sm with esm_class bit 0x04), as SMSCs write it in short_message
// (SMPP 3.4 Appendix B: "id:... sub:... dlvrd:... submit date:... done date:... stat:DELIVRD err:000 text:...")
// and in the receipted_message_id and message_state TLVs, which win when present.

export type ReceiptOutcome = "DELIVERED" | "FAILED" | "PENDING";

export interface DeliveryReceipt {
  carrierMessageId: string;
  outcome: ReceiptOutcome;
  /** The receipt's state and error code, for people: "UNDELIV err:001". */
  state: string;
  error?: string;
}

/** SMPP message_state values (5.3.2.35) and their receipt words. */
const STATE_WORDS: Record<number, string> = {
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};
const FINAL_FAILURES = new Set(["EXPIRED", "DELETED", "UNDELIV", "REJECTD"]);

export function outcomeOf(state: string): ReceiptOutcome {
  if (state === "DELIVRD") return "DELIVERED";
  return FINAL_FAILURES.has(state) ? "FAILED" : "PENDING";
}

/** The receipt in a deliver_sm's text and TLVs; undefined when it names no message. */
export function parseReceipt(text: string, tlvs: { receiptedMessageId?: string; messageState?: number }): DeliveryReceipt | undefined {
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S*)`, "i").exec(text)?.[1];
  const carrierMessageId = tlvs.receiptedMessageId || field("id");
  if (!carrierMessageId) return undefined;
  const state = (tlvs.messageState !== undefined ? STATE_WORDS[tlvs.messageState] : undefined) ?? field("stat")?.toUpperCase() ?? "UNKNOWN";
  const error = field("err");
  return { carrierMessageId, outcome: outcomeOf(state), state, ...(error && error !== "000" ? { error } : {}) };
}
