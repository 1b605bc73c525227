// RFC 4733 telephone events (DTMF in RTP): each key press is one event whose packets share one RTP
// timestamp; its duration grows until the end bit, and the end packet is sent three times.

export interface TelephoneEvent {
  /** 0-9, 10 '*', 11 '#', 12-15 A-D; other events (flash, tones) are passed on as numbers. */
  event: number;
  end: boolean;
  /** -dBm0, 0-63. */
  volume: number;
  /** In timestamp units (1/8000 s). */
  duration: number;
}

const DIGITS = "0123456789*#ABCD";

export function parseTelephoneEvent(payload: Uint8Array): TelephoneEvent | null {
  if (payload.length < 4) return null;
  return { event: payload[0]!, end: (payload[1]! & 0x80) !== 0, volume: payload[1]! & 0x3f, duration: (payload[2]! << 8) | payload[3]! };
}

export function buildTelephoneEvent(event: TelephoneEvent): Uint8Array {
  return Uint8Array.of(event.event, (event.end ? 0x80 : 0) | (event.volume & 0x3f), (event.duration >> 8) & 0xff, event.duration & 0xff);
}

/** The DTMF key of an event number, undefined for the others. */
export function digitOfEvent(event: number): string | undefined {
  return DIGITS[event];
}

/** How many past events' timestamps are remembered against late retransmissions. */
const REMEMBERED = 16;

/** One digit per event: the first packet of a timestamp reports it, every later one (updates, the repeated end) is the same press. */
export class DigitDetector {
  private readonly seen: number[] = [];

  /** The digit this packet starts, or undefined (a packet of an event already reported, not a digit, not an event). */
  push(timestamp: number, payload: Uint8Array): string | undefined {
    const parsed = parseTelephoneEvent(payload);
    const digit = parsed ? digitOfEvent(parsed.event) : undefined;
    if (!digit || this.seen.includes(timestamp)) return undefined;
    this.seen.push(timestamp);
    if (this.seen.length > REMEMBERED) this.seen.shift();
    return digit;
  }
}
