import { describe, expect, it } from "vitest";
import { DATA_CODING_GSM7, DATA_CODING_UCS2, decodeSmsText, encodeSms, isGsm7, splitUdh } from "./sms-encoding";
import { parseReceipt } from "./smpp-delivery-receipt";

const textOf = (encoded: ReturnType<typeof encodeSms>) =>
  encoded.parts.map((p) => decodeSmsText(encoded.parts.length > 1 ? splitUdh(p).text : p, encoded.dataCoding)).join("");

describe("SMS encoding for submit_sm", () => {
  it("sends GSM 7-bit text as one septet per octet, extension characters as ESC and their code", () => {
    const encoded = encodeSms("Hello @ £5 {ok} €", 0);
    expect(encoded.dataCoding).toBe(DATA_CODING_GSM7);
    expect(encoded.parts).toHaveLength(1);
    expect([...encoded.parts[0]!.subarray(0, 7)]).toEqual([0x48, 0x65, 0x6c, 0x6c, 0x6f, 0x20, 0x00]);
    expect([...encoded.parts[0]!.subarray(-2)]).toEqual([0x1b, 0x65]);
    expect(textOf(encoded)).toBe("Hello @ £5 {ok} €");
  });

  it("uses UCS-2 when a character is not in the GSM alphabet", () => {
    expect(isGsm7("Grüße, Jürgen")).toBe(true); // ü and ß are in the GSM alphabet
    expect(isGsm7("Ça va? ça va.")).toBe(false); // Ç is, ç is not
    const encoded = encodeSms("Привет 👋", 0);
    expect(encoded.dataCoding).toBe(DATA_CODING_UCS2);
    expect(encoded.parts[0]!.subarray(0, 2)).toEqual(Buffer.from([0x04, 0x1f]));
    expect(textOf(encoded)).toBe("Привет 👋");
  });

  it("keeps 160 GSM characters (70 UCS-2) in one SMS, and splits one more under the same reference", () => {
    expect(encodeSms("a".repeat(160), 7).parts).toHaveLength(1);
    expect(encodeSms("ж".repeat(70), 7).parts).toHaveLength(1);
    const long = encodeSms("a".repeat(161), 7);
    expect(long.parts.map((p) => p.length)).toEqual([6 + 153, 6 + 8]);
    expect(long.parts.map((p) => splitUdh(p).concat)).toEqual([
      { reference: 7, total: 2, sequence: 1 },
      { reference: 7, total: 2, sequence: 2 },
    ]);
    const ucs2 = encodeSms("ж".repeat(71), 9);
    expect(ucs2.parts.map((p) => splitUdh(p).text.length / 2)).toEqual([67, 4]);
  });

  it("splits a 300-character text into 2 GSM parts or 5 UCS-2 parts, never cutting an escape or a surrogate pair", () => {
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(7).slice(0, 300);
    const gsm = encodeSms(text, 200);
    expect(gsm.parts).toHaveLength(2);
    expect(textOf(gsm)).toBe(text);
    const escapes = encodeSms("a".repeat(152) + "€" + "b".repeat(10), 1);
    expect(splitUdh(escapes.parts[0]!).text.length).toBe(152); // the € (2 septets) moved whole into part 2
    expect(textOf(escapes)).toBe("a".repeat(152) + "€" + "b".repeat(10));
    const emoji = encodeSms("ж".repeat(66) + "👋" + "ж".repeat(5), 1);
    expect(splitUdh(emoji.parts[0]!).text.length / 2).toBe(66);
    expect(textOf(emoji)).toBe("ж".repeat(66) + "👋" + "ж".repeat(5));
    expect(encodeSms("ж".repeat(300), 3).parts).toHaveLength(5);
  });
});

describe("delivery receipts", () => {
  it("reads the receipt text and prefers the TLVs", () => {
    const text = "id:ab12 sub:001 dlvrd:001 submit date:2611280101 done date:2611280102 stat:DELIVRD err:000 text:Hello";
    expect(parseReceipt(text, {})).toEqual({ carrierMessageId: "ab12", outcome: "DELIVERED", state: "DELIVRD" });
    expect(parseReceipt(text.replace("DELIVRD err:000", "UNDELIV err:001"), {})).toEqual({
      carrierMessageId: "ab12",
      outcome: "FAILED",
      state: "UNDELIV",
      error: "001",
    });
    expect(parseReceipt(text, { receiptedMessageId: "zz9", messageState: 8 })).toMatchObject({
      carrierMessageId: "zz9",
      outcome: "FAILED",
      state: "REJECTD",
    });
    expect(parseReceipt("id:1 stat:ENROUTE", {})?.outcome).toBe("PENDING");
    expect(parseReceipt("no id here", {})).toBeUndefined();
  });
});
