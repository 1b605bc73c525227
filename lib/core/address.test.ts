import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors/api-error";
import { thrown } from "@/lib/core/testing/thrown";
import { allocationRequest, e164Digits, normalizeDeviceId } from "./address";

const address = (id: string) => normalizeDeviceId(id).address;

describe("normalizeDeviceId", () => {
  it.each([
    ["tel:+44 20 7946 0000", "tel:442079460000"],
    ["TEL:0044-20-7946-0000", "tel:442079460000"],
    ["tel:+1 (212) 555-0123", "tel:12125550123"],
    ["mailto:Ada@Example.COM", "mailto:ada@example.com"],
    ["sip:Ada@Example.com", "sip:Ada@example.com"],
    ["sip:ada@pbx.example.com:5060", "sip:ada@pbx.example.com:5060"],
    ["sip:ada@PBX.example.com:5060;Transport=TCP", "sip:ada@pbx.example.com:5060;transport=tcp"],
    ["sip:ada@pbx.example.com;transport=udp", "sip:ada@pbx.example.com;transport=udp"],
    ["skype:Ada.Lovelace", "skype:ada.lovelace"],
    ["xmpp:Ada@Jabber.example.org", "xmpp:ada@jabber.example.org"],
  ])("%s -> %s", (id, normalized) => {
    expect(address(id)).toBe(normalized);
  });

  it.each([
    ["fax:+442079460000", /unknown scheme.*accepted: tel:/],
    ["442079460000", /unknown scheme/],
    ["service:447700900123", /allocated from the inventory/],
    ["tel:020 7946 0000", /international number/],
    ["tel:+44 20 7946 00001234567", /international number/],
    ["tel:call-me", /international number/],
    ["mailto:not-an-email", /email address/],
    ["mailto:ada@localhost", /email address/],
    ["sip:example.com", /user@host/],
    ["sip:ada@pbx.example.com;transport=tls", /;transport=udp or ;transport=tcp/],
    ["sip:ada@pbx.example.com;transport=tcp;lr", /one parameter/],
    ["xmpp:ada@example.com/phone", /bare address/],
    ["skype:ab", /Skype name/],
  ])("refuses %s with a 400 that says what is accepted", (id, message) => {
    const error = thrown(() => normalizeDeviceId(id)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
    expect(error.options.extra?.errors).toEqual([{ field: "id", message: expect.any(String) }]);
  });
});

describe("e164Digits", () => {
  it("keeps digits of an international number and refuses national forms", () => {
    expect(e164Digits("+44 7700 900123")).toBe("447700900123");
    expect(e164Digits("07700 900123")).toBeUndefined();
  });
});

describe("allocationRequest", () => {
  it("reads a country, a specific number, or an SMS number", () => {
    expect(allocationRequest("@purpose/gbr")).toEqual({ sms: false, country: "GBR" });
    expect(allocationRequest("@purpose/tel:+44 7700 900123")).toEqual({ sms: false, number: "447700900123" });
    expect(allocationRequest("@sms/USA")).toEqual({ sms: true, country: "USA" });
    expect(allocationRequest("tel:+447700900123")).toBeUndefined();
  });

  it("refuses anything else after @purpose/", () => {
    expect(thrown(() => allocationRequest("@purpose/UK"))).toBeInstanceOf(ApiError);
    expect(thrown(() => allocationRequest("@purpose/tel:0123"))).toBeInstanceOf(ApiError);
  });
});
