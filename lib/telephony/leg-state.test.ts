import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors/api-error";
import { assertInConversation, assertTransition, canTransition, isEnded, LEG_STATUSES, type LegStatus } from "./leg-state";

// The whole table, written out independently of LEG_TRANSITIONS: every pair not listed is illegal.
const LEGAL: Record<LegStatus, LegStatus[]> = {
  STARTED: ["CONNECTING", "HUNGUP", "FAILURE", "ERROR"],
  CONNECTING: ["RINGING", "ANSWERED", "BUSY", "NOANSWER", "HUNGUP", "FAILURE", "ERROR"],
  RINGING: ["ANSWERED", "BUSY", "NOANSWER", "HUNGUP", "FAILURE", "ERROR"],
  ANSWERED: ["HUNGUP", "TRANSFERRING", "FAILURE", "ERROR"],
  TRANSFERRING: ["TRANSFERRED", "ANSWERED", "HUNGUP", "FAILURE", "ERROR"],
  HUNGUP: [],
  BUSY: [],
  NOANSWER: [],
  FAILURE: [],
  ERROR: [],
  TRANSFERRED: [],
};

describe("leg state machine", () => {
  const pairs = LEG_STATUSES.flatMap((from) => LEG_STATUSES.map((to) => [from, to] as const));

  it.each(pairs.filter(([from, to]) => LEGAL[from].includes(to)))("%s -> %s is legal", (from, to) => {
    expect(canTransition(from, to)).toBe(true);
    expect(() => assertTransition(7, from, to)).not.toThrow();
  });

  it.each(pairs.filter(([from, to]) => !LEGAL[from].includes(to)))("%s -> %s is a 409 saying why", (from, to) => {
    expect(canTransition(from, to)).toBe(false);
    let thrown: unknown;
    try {
      assertTransition(7, from, to);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    const error = thrown as ApiError;
    expect(error.status).toBe(409);
    expect(error.code).toBe("illegal_leg_state");
    expect(error.message).toContain(`Leg 7 cannot become ${to}`);
    expect(error.message).toMatch(LEGAL[from].length ? new RegExp(`from ${from} it can only become`) : /is final: the leg has ended/);
    expect(error.options.extra).toEqual({ leg: 7, legStatus: from, requested: to });
  });

  it("knows which statuses are final", () => {
    expect(LEG_STATUSES.filter(isEnded)).toEqual(["HUNGUP", "BUSY", "NOANSWER", "FAILURE", "ERROR", "TRANSFERRED"]);
  });

  it("allows hold, mute, play and DTMF only on an answered leg", () => {
    expect(() => assertInConversation(3, "ANSWERED", "be put on hold")).not.toThrow();
    for (const status of LEG_STATUSES.filter((s) => s !== "ANSWERED")) {
      expect(() => assertInConversation(3, status, "be put on hold")).toThrow(ApiError);
    }
    expect(() => assertInConversation(3, "HUNGUP", "be put on hold")).toThrow("Leg 3 cannot be put on hold: it has ended (HUNGUP).");
    expect(() => assertInConversation(3, "RINGING", "be put on hold")).toThrow("it is RINGING, not ANSWERED yet");
  });
});
