// What the simulator does when it dials an address, by the number's last four digits (docs/calls.md).
// Addresses without digits (sip:ada@example.com) behave as an ordinary number.

export type Behaviour = "answers_at_once" | "busy" | "never_answers" | "fails" | "hangs_up_after_30s" | "sends_dtmf" | "ordinary";

const BY_LAST_FOUR: Record<string, Behaviour> = {
  "0001": "answers_at_once",
  "0002": "busy",
  "0003": "never_answers",
  "0004": "fails",
  "0005": "hangs_up_after_30s",
  "0006": "sends_dtmf",
};

/** Simulated ms a never-answering number rings before the simulator reports no answer. */
export const NO_ANSWER_AFTER_MS = 2_000;
/** 0005 hangs up this long after answering. */
export const HANG_UP_AFTER_MS = 30_000;
/** The digits 0006 sends when asked, one simulated second after the request. */
export const DTMF_DIGITS = "1234";
export const DTMF_AFTER_MS = 1_000;
/** An inbound call to a purpose number rings this long before it counts as not answered. */
export const INBOUND_RING_MS = 20_000;
/** One item of a play request lasts this long unless it gives a duration. */
export const PLAY_ITEM_MS = 1_000;

export function behaviourOf(address: string): Behaviour {
  const digits = address.replace(/\D/g, "");
  return (digits.length >= 4 && BY_LAST_FOUR[digits.slice(-4)]) || "ordinary";
}
