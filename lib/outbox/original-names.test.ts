import { describe, expect, it } from "vitest";
import { inOriginalNames } from "./original-names";
import type { NewEvent } from "./new-event";

// Events as their publishers build them (lib/calls/call-events.ts, lib/messages, lib/billing).
const guid = "5b0c6f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f";
const callResource = `http://localhost:3000/rest/1.0/calls/${guid}/41`;
const callEvent = (type: string, params: Record<string, unknown>, inbound: boolean): NewEvent => ({
  applicationId: "app",
  type,
  resourcePath: `/calls/${guid}/41`,
  params: { callid: 41, guid, source: "tel:12025550143", dest: "service:15550100300", ...params },
  inbound,
});
const event = (type: string, params: Record<string, unknown>): NewEvent => ({ applicationId: "app", type, resourcePath: "/x", params });
const translate = (e: NewEvent) =>
  inOriginalNames(e, e.resourcePath.startsWith("/calls") ? callResource : `http://localhost:3000/rest/1.0${e.resourcePath}`);
const call = { callid: 41, guid, source: "tel:12025550143", dest: "service:15550100300" };

describe("event names of the original platform", () => {
  it("a call to a user's number: cc_call_incoming, answered, stopringing, hangup, vmpickup and newcalllog with callId and the leg's URI and status", () => {
    expect(translate(callEvent("CallInitiated", { status: "STARTED", outbound: false }, true))).toEqual({
      type: "cc_call_incoming",
      params: { ...call, status: "STARTED", outbound: false, callId: 41 },
    });
    expect(translate(callEvent("CallLegAnswered", { leg: 82, status: "ANSWERED", answered_timestamp: "2026-11-25T12:00:00.301Z" }, true))).toEqual({
      type: "cc_call_answered",
      params: {
        ...call,
        leg: 82,
        status: "ANSWERED",
        answered_timestamp: "2026-11-25T12:00:00.301Z",
        callId: 41,
        call_leg_uri: `${callResource}/82`,
        call_leg_status: "ANSWERED",
      },
    });
    expect(translate(callEvent("CallLegHungUp", { leg: 82, status: "NOANSWER" }, true))).toEqual({
      type: "cc_call_stopringing",
      params: { ...call, leg: 82, status: "NOANSWER", callId: 41, call_leg_uri: `${callResource}/82`, call_leg_status: "NOANSWER" },
    });
    for (const status of ["HUNGUP", "BUSY", "FAILURE"]) {
      expect(translate(callEvent("CallLegHungUp", { leg: 81, status, reason: "r" }, true))).toEqual({
        type: "cc_call_hangup",
        params: { ...call, leg: 81, status, reason: "r", callId: 41, call_leg_uri: `${callResource}/81`, call_leg_status: status },
      });
    }
    expect(
      translate(
        callEvent("CallCompleted", { status: "NOANSWER", duration: 0, success: false, reason: "nobody answered: the caller left a voicemail" }, true),
      ),
    ).toEqual({
      type: "cc_call_vmpickup",
      params: { ...call, status: "NOANSWER", duration: 0, success: false, reason: "nobody answered: the caller left a voicemail", callId: 41 },
    });
    expect(translate(callEvent("CallCompleted", { status: "COMPLETED", duration: 61, success: true }, true))).toEqual({
      type: "newcalllog",
      params: { ...call, status: "COMPLETED", duration: 61, success: true, callId: 41 },
    });
  });

  it("a call placed through the API keeps the call-control names the original used too, its legs gaining call_leg_uri and call_leg_status", () => {
    expect(translate(callEvent("CallLegAnswered", { leg: 82, status: "ANSWERED", answered_timestamp: "2026-11-25T12:00:00.301Z" }, false))).toEqual({
      type: "CallLegAnswered",
      params: {
        ...call,
        leg: 82,
        status: "ANSWERED",
        answered_timestamp: "2026-11-25T12:00:00.301Z",
        call_leg_uri: `${callResource}/82`,
        call_leg_status: "ANSWERED",
      },
    });
    expect(translate(callEvent("CallLegHungUp", { leg: 81, status: "HUNGUP" }, false))).toEqual({
      type: "CallLegHungUp",
      params: { ...call, leg: 81, status: "HUNGUP", call_leg_uri: `${callResource}/81`, call_leg_status: "HUNGUP" },
    });
    for (const type of ["CallInitiated", "CallRinging", "CallCompleted", "CallStatusChanged", "DtmfReceived", "PlayAnnouncementComplete"]) {
      const e = callEvent(type, { leg: 81, status: "ANSWERED" }, false);
      expect(translate(e), type).toEqual({ type, params: e.params });
    }
  });

  it("a recording is RecordCallComplete with its length; a call's bill is CALL_COST", () => {
    expect(translate(callEvent("RecordComplete", { status: "recorded", file: "/media/demo/call:41/41.wav", duration: 2 }, false))).toEqual({
      type: "RecordCallComplete",
      params: { ...call, status: "recorded", file: "/media/demo/call:41/41.wav", duration: 2, length: 2 },
    });
    const cost = callEvent(
      "CallCost",
      { status: "charged", minutes: 2, charged: 2, unpaidMinutes: 0, amount: "0.04", currency: "USD", balance: "499.96" },
      true,
    );
    expect(translate(cost)).toEqual({ type: "CALL_COST", params: cost.params });
  });

  it("newvoicemail (with senderId), deletemessage (guid, callId, senderId, title, body) and transcribedata", () => {
    const voicemail = {
      guid,
      id: "m1",
      type: "Voicemail",
      folder: "inbox",
      from: "tel:12025550143",
      dest: "service:15550100300",
      callId: "41",
      title: "Voicemail from +12025550143",
    };
    expect(translate(event("NewVoicemail", voicemail))).toEqual({ type: "newvoicemail", params: { ...voicemail, senderId: "tel:12025550143" } });
    const deleted = { guid, id: "m1", callId: "41", senderId: "tel:12025550143", title: "Voicemail from +12025550143", body: null };
    expect(translate(event("MessageDeleted", deleted))).toEqual({ type: "deletemessage", params: deleted });
    const transcribed = { guid, id: "m1", serviceId: "simulator", transcript: "/media/demo/call:41/41.mp3.simulator.txt", callId: "41" };
    expect(translate(event("TranscriptionReady", transcribed))).toEqual({ type: "transcribedata", params: transcribed });
  });

  it("credit: CREDIT_ALL_GONE at a zero balance, CREDIT_EXHAUSTED when some is left that pays for nothing; CreditLow has no counterpart", () => {
    const credit = { accountId: "a1", accountName: "Demo", currency: "USD", lowCreditThreshold: "10.00", userId: guid };
    expect(translate(event("CreditExhausted", { ...credit, balance: "0.00" }))).toEqual({
      type: "CREDIT_ALL_GONE",
      params: { ...credit, balance: "0.00" },
    });
    expect(translate(event("CreditExhausted", { ...credit, currency: "GBP", balance: "0.01" }))).toEqual({
      type: "CREDIT_EXHAUSTED",
      params: { ...credit, currency: "GBP", balance: "0.01" },
    });
    expect(translate(event("CreditLow", { ...credit, balance: "9.99" }))).toEqual({ type: "CreditLow", params: { ...credit, balance: "9.99" } });
  });

  it("events without a counterpart go under their current name with today's params", () => {
    for (const type of ["NewSms", "NewAudioMessage", "SmsStatus", "PurposeNumberReleased", "TestEvent"]) {
      const e = event(type, { guid, id: "m2", status: "DELIVERED" });
      const translated = translate(e);
      expect(translated.type).toBe(type);
      expect(translated.params).toBe(e.params);
    }
  });

  it("produces every original type the issue names", () => {
    const produced = new Set(
      [
        callEvent("CallInitiated", { status: "STARTED" }, true),
        callEvent("CallLegAnswered", { leg: 1, status: "ANSWERED" }, true),
        callEvent("CallLegHungUp", { leg: 1, status: "HUNGUP" }, true),
        callEvent("CallLegHungUp", { leg: 1, status: "NOANSWER" }, true),
        callEvent("CallCompleted", { status: "NOANSWER" }, true),
        callEvent("CallCompleted", { status: "COMPLETED" }, true),
        event("NewVoicemail", {}),
        event("MessageDeleted", {}),
        event("TranscriptionReady", {}),
        callEvent("CallCost", { status: "charged" }, false),
        event("CreditExhausted", { balance: "0.01" }),
        event("CreditExhausted", { balance: "0.00" }),
        callEvent("RecordComplete", { status: "recorded", duration: 1 }, false),
      ].map((e) => translate(e).type),
    );
    expect([...produced].sort()).toEqual(
      [
        "cc_call_incoming",
        "cc_call_answered",
        "cc_call_hangup",
        "cc_call_stopringing",
        "cc_call_vmpickup",
        "newvoicemail",
        "newcalllog",
        "deletemessage",
        "transcribedata",
        "CALL_COST",
        "CREDIT_EXHAUSTED",
        "CREDIT_ALL_GONE",
        "RecordCallComplete",
      ].sort(),
    );
  });
});
