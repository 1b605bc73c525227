import { ApiError } from "@/lib/core/errors/api-error";

// The state machine of a call leg (diagram in docs/calls.md). Pure: the engine callbacks and the
// call-control functions ask it before every change, so an illegal one is a 409 that says why.

export const LEG_STATUSES = [
  "STARTED",
  "CONNECTING",
  "RINGING",
  "ANSWERED",
  "HUNGUP",
  "BUSY",
  "NOANSWER",
  "FAILURE",
  "ERROR",
  "TRANSFERRING",
  "TRANSFERRED",
] as const;
export type LegStatus = (typeof LEG_STATUSES)[number];

/** Where each status may go next; the ended statuses go nowhere. */
export const LEG_TRANSITIONS: Record<LegStatus, readonly LegStatus[]> = {
  STARTED: ["CONNECTING", "HUNGUP", "FAILURE", "ERROR"],
  CONNECTING: ["RINGING", "ANSWERED", "BUSY", "NOANSWER", "HUNGUP", "FAILURE", "ERROR"],
  RINGING: ["ANSWERED", "BUSY", "NOANSWER", "HUNGUP", "FAILURE", "ERROR"],
  ANSWERED: ["HUNGUP", "TRANSFERRING", "FAILURE", "ERROR"],
  // A transfer that cannot complete leaves the leg where it was.
  TRANSFERRING: ["TRANSFERRED", "ANSWERED", "HUNGUP", "FAILURE", "ERROR"],
  HUNGUP: [],
  BUSY: [],
  NOANSWER: [],
  FAILURE: [],
  ERROR: [],
  TRANSFERRED: [],
};

export const isEnded = (status: LegStatus) => LEG_TRANSITIONS[status].length === 0;
export const canTransition = (from: LegStatus, to: LegStatus) => LEG_TRANSITIONS[from].includes(to);

/** Throws a 409 naming both statuses and what is possible instead. */
export function assertTransition(legId: number, from: LegStatus, to: LegStatus): void {
  if (canTransition(from, to)) return;
  const next = LEG_TRANSITIONS[from];
  const hint = next.length ? `from ${from} it can only become ${next.join(", ")}` : `${from} is final: the leg has ended`;
  throw new ApiError("illegal_leg_state", `Leg ${legId} cannot become ${to}: ${hint}.`, { extra: { leg: legId, legStatus: from, requested: to } });
}

/** hold, mute, talk, play, record and DTMF need a leg in conversation. */
export function assertInConversation(legId: number, status: LegStatus, what: string): void {
  if (status === "ANSWERED") return;
  const why = isEnded(status) ? `it has ended (${status})` : `it is ${status}, not ANSWERED yet`;
  throw new ApiError("illegal_leg_state", `Leg ${legId} cannot ${what}: ${why}.`, { extra: { leg: legId, legStatus: status } });
}
