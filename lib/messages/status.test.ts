import { describe, expect, it } from "vitest";
import { messageStatus } from "./status";

const inbound = { type: "InboundSms", folder: "inbox", isNew: true, urgent: false };
const sms = { type: "OutboundSms", folder: "sent", isNew: false, urgent: false };
const r = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe("messageStatus", () => {
  it("shows a received message NEW, READ or URGENT, and DELETED in deleted", () => {
    expect(messageStatus(inbound)).toBe("NEW");
    expect(messageStatus({ ...inbound, isNew: false })).toBe("READ");
    expect(messageStatus({ ...inbound, urgent: true })).toBe("URGENT");
    expect(messageStatus({ ...inbound, folder: "deleted" })).toBe("DELETED");
    expect(messageStatus({ ...inbound, type: "Voicemail", folder: "work", isNew: false })).toBe("READ");
  });

  it("follows a sent message's recipients", () => {
    expect(messageStatus(sms, r("INITIAL"))).toBe("INITIAL");
    expect(messageStatus(sms, r("SENT", "DELIVERED"))).toBe("SENT");
    expect(messageStatus(sms, r("DELIVERED", "DELIVERED"))).toBe("DELIVERED");
    expect(messageStatus(sms, r("FAILED", "FAILED"))).toBe("FAILED");
    expect(messageStatus(sms, r("DELIVERED", "FAILED"))).toBe("DELIVERED");
    expect(messageStatus(sms, [])).toBe("UNKNOWN");
    expect(messageStatus({ ...sms, folder: "deleted" }, r("DELIVERED"))).toBe("DELETED");
  });
});
