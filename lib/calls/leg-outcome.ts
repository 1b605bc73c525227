/** A leg that ended before its call connected: the problem code a caller gets, and what happened in words. */
const LEG_OUTCOMES = {
  BUSY: { code: "call_busy", why: "is busy" },
  NOANSWER: { code: "call_not_answered", why: "did not answer" },
  FAILURE: { code: "call_failed", why: "could not be reached" },
  ERROR: { code: "call_failed", why: "could not be reached" },
  HUNGUP: { code: "call_failed", why: "hung up before the call connected" },
} as const;

export function legOutcome(status: string) {
  return LEG_OUTCOMES[status as keyof typeof LEG_OUTCOMES] ?? LEG_OUTCOMES.FAILURE;
}
