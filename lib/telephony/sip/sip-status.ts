// What a SIP signal means for the leg it concerns, in the words of the engine's events
// (issue 25): the response to our INVITE, the far end's BYE, or our ring timer running out.

/** The same words as the engine's leg events (../engine.ts), kept here so this folder imports nothing above it. */
export type SipLegState = "ringing" | "answered" | "busy" | "noanswer" | "failed" | "hungup";

export type SipSignal =
  | { kind: "response"; status: number }
  | { kind: "request"; method: string }
  /** Nobody answered within the ring time (we then CANCEL). */
  | { kind: "ringTimeout" };

/** The leg state a signal moves the leg to; null when it changes nothing (100 Trying, a re-INVITE, ...). */
export function legStateForSip(signal: SipSignal): SipLegState | null {
  if (signal.kind === "ringTimeout") return "noanswer";
  if (signal.kind === "request") return signal.method.toUpperCase() === "BYE" ? "hungup" : null;
  const status = signal.status;
  if (status === 180 || status === 183) return "ringing";
  if (status < 200) return null;
  if (status < 300) return "answered";
  if (status === 486 || status === 600) return "busy";
  if (status === 408 || status === 480 || status === 487) return "noanswer";
  return "failed";
}
