// RTP (RFC 3550) packets: the fixed 12-byte header we write (no CSRCs, no extension, no padding),
// and everything a far end may send read back: CSRCs and a header extension skipped, padding removed.

export interface RtpPacket {
  payloadType: number;
  marker: boolean;
  /** 16 bits. */
  sequence: number;
  /** 32 bits, in the payload's clock (8000 per second for G.711 and telephone events). */
  timestamp: number;
  ssrc: number;
  payload: Uint8Array;
}

const HEADER = 12;

export function buildRtpPacket(packet: RtpPacket): Buffer {
  const out = Buffer.alloc(HEADER + packet.payload.length);
  out[0] = 0x80; // version 2
  out[1] = (packet.marker ? 0x80 : 0) | (packet.payloadType & 0x7f);
  out.writeUInt16BE(packet.sequence & 0xffff, 2);
  out.writeUInt32BE(packet.timestamp >>> 0, 4);
  out.writeUInt32BE(packet.ssrc >>> 0, 8);
  out.set(packet.payload, HEADER);
  return out;
}

/** The packet, or null when it is not RTP version 2 (or RTCP sharing the port, RFC 5761) or its lengths do not add up. */
export function parseRtpPacket(bytes: Uint8Array): RtpPacket | null {
  if (bytes.length < HEADER || bytes[0]! >> 6 !== 2) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const payloadType = bytes[1]! & 0x7f;
  if (payloadType >= 72 && payloadType <= 76) return null; // RTCP's packet types 200-204 with the marker bit
  let start = HEADER + 4 * (bytes[0]! & 0x0f);
  if (bytes[0]! & 0x10) {
    if (start + 4 > bytes.length) return null;
    start += 4 + 4 * view.getUint16(start + 2);
  }
  let end = bytes.length;
  if (bytes[0]! & 0x20) {
    const padding = bytes[end - 1]!;
    if (padding === 0) return null;
    end -= padding;
  }
  if (start > end) return null;
  return {
    payloadType,
    marker: (bytes[1]! & 0x80) !== 0,
    sequence: view.getUint16(2),
    timestamp: view.getUint32(4),
    ssrc: view.getUint32(8),
    // A plain view (not a Buffer's subarray), sharing the received bytes.
    payload: new Uint8Array(bytes.buffer, bytes.byteOffset + start, end - start),
  };
}
