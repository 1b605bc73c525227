// ITU-T G.711: 16-bit linear PCM to and from 8-bit μ-law (PCMU, payload type 0) and A-law (PCMA, 8).
// The decoders are 256-entry tables; the encoders compute each byte (segment, then 4 bits of step).

const MU_BIAS = 0x84;
const MU_CLIP = 32635;

function encodeMuLawSample(sample: number): number {
  const sign = sample < 0 ? 0x80 : 0;
  let magnitude = Math.min(MU_CLIP, Math.abs(sample)) + MU_BIAS;
  let exponent = 7;
  // The segment is where the biased magnitude's highest bit is (bit 7 is segment 0).
  for (let mask = 0x4000; exponent > 0 && (magnitude & mask) === 0; mask >>= 1) exponent--;
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f;
  magnitude = sign | (exponent << 4) | mantissa;
  return ~magnitude & 0xff;
}

function decodeMuLawByte(byte: number): number {
  const u = ~byte & 0xff;
  const magnitude = ((((u & 0x0f) << 3) + MU_BIAS) << ((u >> 4) & 0x07)) - MU_BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

/** Where each A-law segment ends, on the 13-bit magnitude. */
const A_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

function encodeALawSample(sample: number): number {
  let value = sample >> 3;
  let mask: number;
  if (value >= 0) mask = 0xd5;
  else {
    mask = 0x55;
    value = -value - 1;
  }
  const segment = A_SEGMENT_ENDS.findIndex((end) => value <= end);
  if (segment < 0) return 0x7f ^ mask;
  const step = segment < 2 ? (value >> 1) & 0x0f : (value >> segment) & 0x0f;
  return ((segment << 4) | step) ^ mask;
}

function decodeALawByte(byte: number): number {
  const a = byte ^ 0x55;
  const segment = (a & 0x70) >> 4;
  let magnitude = (a & 0x0f) << 4;
  if (segment === 0) magnitude += 8;
  else magnitude = (magnitude + 0x108) << (segment - 1);
  return a & 0x80 ? magnitude : -magnitude;
}

const MU_LAW_TABLE = Int16Array.from({ length: 256 }, (_, byte) => decodeMuLawByte(byte));
const A_LAW_TABLE = Int16Array.from({ length: 256 }, (_, byte) => decodeALawByte(byte));

export function encodeMuLaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = encodeMuLawSample(pcm[i]!);
  return out;
}

export function decodeMuLaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = MU_LAW_TABLE[bytes[i]!]!;
  return out;
}

export function encodeALaw(pcm: Int16Array): Uint8Array {
  const out = new Uint8Array(pcm.length);
  for (let i = 0; i < pcm.length; i++) out[i] = encodeALawSample(pcm[i]!);
  return out;
}

export function decodeALaw(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = A_LAW_TABLE[bytes[i]!]!;
  return out;
}

/** The byte a silent sample encodes to: what fills a packet's unused tail. */
export const MU_LAW_SILENCE = 0xff;
export const A_LAW_SILENCE = 0xd5;
