// How an SMS's text travels in submit_sm (3GPP TS 23.038 and 23.040): the GSM 7-bit default alphabet,
// one septet per octet as SMPP carries it (data_coding 0), when every character has a GSM code;
// UCS-2 (UTF-16BE, data_coding 8) otherwise. A text longer than one SMS goes as concatenated parts,
// each starting with a User Data Header (information element 0x00: 8-bit reference, total, sequence).

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" + "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Characters of the extension table, sent as ESC (0x1B) and this code: two septets each. */
const GSM_EXTENSION: Record<string, number> = {
  "\f": 0x0a,
  "^": 0x14,
  "{": 0x28,
  "}": 0x29,
  "\\": 0x2f,
  "[": 0x3c,
  "~": 0x3d,
  "]": 0x3e,
  "|": 0x40,
  "€": 0x65,
};
const ESCAPE = 0x1b;
const basicCode = new Map([...GSM_BASIC].map((c, code) => [c, code]));

export const DATA_CODING_GSM7 = 0x00;
export const DATA_CODING_UCS2 = 0x08;

/** Septets of one SMS, and of each part of a concatenated one (6 octets of UDH take 7 septets). */
const GSM7_SINGLE = 160;
const GSM7_PART = 153;
/** UTF-16 code units of one SMS, and of each part of a concatenated one (140 - 6 octets). */
const UCS2_SINGLE = 70;
const UCS2_PART = 67;
const MAX_PARTS = 255;

/** Whether every character of `text` has a code in the GSM 7-bit default alphabet or its extension table. */
export function isGsm7(text: string): boolean {
  for (const c of text) if (c !== "\u001b" && !basicCode.has(c) && !(c in GSM_EXTENSION)) return false;
  return true;
}

/** The septets of one character (one, or ESC and its extension code). */
function septetsOf(c: string): number[] {
  const basic = basicCode.get(c);
  if (basic !== undefined && c !== "\u001b") return [basic];
  return [ESCAPE, GSM_EXTENSION[c]!];
}

export interface EncodedSms {
  dataCoding: typeof DATA_CODING_GSM7 | typeof DATA_CODING_UCS2;
  /** Each part's short_message: the UDH (when there are several) and the encoded text. */
  parts: Buffer[];
}

/** Splits characters into chunks of at most `limit` units, never cutting a character in two. */
function chunk<T extends { size: number }>(items: T[], limit: number): T[][] {
  const chunks: T[][] = [[]];
  let used = 0;
  for (const item of items) {
    if (used + item.size > limit) {
      chunks.push([]);
      used = 0;
    }
    chunks.at(-1)!.push(item);
    used += item.size;
  }
  return chunks;
}

const udh = (reference: number, total: number, sequence: number) => Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, sequence]);

/**
 * The short_message of each part of `text`: GSM 7-bit when it fits that alphabet, else UCS-2; one part
 * up to 160 septets (70 UCS-2 units), else parts of 153 (67) under UDH reference `reference` (0-255).
 */
export function encodeSms(text: string, reference: number): EncodedSms {
  const gsm = isGsm7(text);
  const characters = [...text].map((c) => {
    const bytes = gsm ? Buffer.from(septetsOf(c)) : Buffer.from(c, "utf16le").swap16();
    return { bytes, size: gsm ? bytes.length : bytes.length / 2 };
  });
  const total = characters.reduce((sum, c) => sum + c.size, 0);
  const dataCoding = gsm ? DATA_CODING_GSM7 : DATA_CODING_UCS2;
  if (total <= (gsm ? GSM7_SINGLE : UCS2_SINGLE)) return { dataCoding, parts: [Buffer.concat(characters.map((c) => c.bytes))] };
  const chunks = chunk(characters, gsm ? GSM7_PART : UCS2_PART);
  if (chunks.length > MAX_PARTS) throw new Error(`An SMS of ${chunks.length} parts is more than the ${MAX_PARTS} a concatenated SMS can have.`);
  return {
    dataCoding,
    parts: chunks.map((c, i) => Buffer.concat([udh(reference, chunks.length, i + 1), ...c.map((x) => x.bytes)])),
  };
}

/** The text of a short_message (its UDH already removed) in `dataCoding`: GSM 7-bit unpacked, UCS-2, or Latin-1. */
export function decodeSmsText(bytes: Buffer, dataCoding: number): string {
  const coding = dataCoding & 0x0f;
  if (coding === DATA_CODING_UCS2) return Buffer.from(bytes).swap16().toString("utf16le");
  if (coding === 0x03) return bytes.toString("latin1");
  let text = "";
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === ESCAPE && i + 1 < bytes.length) {
      const code = bytes[++i];
      text += Object.keys(GSM_EXTENSION).find((c) => GSM_EXTENSION[c] === code) ?? " ";
    } else text += GSM_BASIC[bytes[i]! & 0x7f] ?? "?";
  }
  return text;
}

/** The concatenation header of a short_message sent with the UDH indicator: its reference, total and sequence, and the text's bytes. */
export function splitUdh(shortMessage: Buffer): { concat?: { reference: number; total: number; sequence: number }; text: Buffer } {
  const headerLength = shortMessage[0] ?? 0;
  const header = shortMessage.subarray(1, 1 + headerLength);
  let concat: { reference: number; total: number; sequence: number } | undefined;
  for (let i = 0; i + 1 < header.length; i += 2 + header[i + 1]!) {
    const [id, length] = [header[i], header[i + 1]!];
    const element = header.subarray(i + 2, i + 2 + length);
    if (id === 0x00 && length === 3) concat = { reference: element[0]!, total: element[1]!, sequence: element[2]! };
    if (id === 0x08 && length === 4) concat = { reference: element.readUInt16BE(0), total: element[2]!, sequence: element[3]! };
  }
  return { concat, text: shortMessage.subarray(1 + headerLength) };
}
