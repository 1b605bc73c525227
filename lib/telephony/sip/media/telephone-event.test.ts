import { describe, expect, it } from "vitest";
import { buildTelephoneEvent, digitOfEvent, DigitDetector, parseTelephoneEvent } from "./telephone-event";

describe("RFC 4733 telephone events", () => {
  it("reads event, end bit, volume and duration", () => {
    expect(parseTelephoneEvent(Uint8Array.of(11, 0x8a, 0x03, 0x20))).toEqual({ event: 11, end: true, volume: 10, duration: 800 });
    expect(parseTelephoneEvent(Uint8Array.of(5, 0x0a, 0x00, 0xa0))).toEqual({ event: 5, end: false, volume: 10, duration: 160 });
    expect(parseTelephoneEvent(Uint8Array.of(5, 0x0a, 0x00))).toBeNull();
    const event = { event: 15, end: true, volume: 63, duration: 65535 };
    expect(parseTelephoneEvent(buildTelephoneEvent(event))).toEqual(event);
  });

  it("names the sixteen DTMF events and no others", () => {
    expect(Array.from({ length: 17 }, (_, i) => digitOfEvent(i) ?? "-").join("")).toBe("0123456789*#ABCD-");
  });

  it("reports a press once across its updates and its three end packets, and the next press again", () => {
    const detector = new DigitDetector();
    const press = (timestamp: number, event: number) =>
      [160, 320, 480, 640, 640, 640].map((duration, i) =>
        detector.push(timestamp, buildTelephoneEvent({ event, end: i >= 3, volume: 10, duration })),
      );
    expect(press(1000, 1)).toEqual(["1", undefined, undefined, undefined, undefined, undefined]);
    // The same key pressed again is a new event: a new timestamp.
    expect(press(5000, 1)).toEqual(["1", undefined, undefined, undefined, undefined, undefined]);
    expect(press(9000, 11).filter(Boolean)).toEqual(["#"]);
    // A late end packet of the first press is still not a new digit.
    expect(detector.push(1000, buildTelephoneEvent({ event: 1, end: true, volume: 10, duration: 640 }))).toBeUndefined();
  });

  it("reports a press whose first packets were lost from the first that came, even an end packet", () => {
    const detector = new DigitDetector();
    expect(detector.push(42, buildTelephoneEvent({ event: 0, end: true, volume: 10, duration: 800 }))).toBe("0");
    expect(detector.push(42, buildTelephoneEvent({ event: 0, end: true, volume: 10, duration: 800 }))).toBeUndefined();
  });

  it("ignores events that are not digits and payloads too short", () => {
    const detector = new DigitDetector();
    expect(detector.push(1, buildTelephoneEvent({ event: 16, end: false, volume: 10, duration: 160 }))).toBeUndefined();
    expect(detector.push(2, Uint8Array.of(1))).toBeUndefined();
    expect(detector.push(2, buildTelephoneEvent({ event: 12, end: false, volume: 10, duration: 160 }))).toBe("A");
  });
});
