import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatSize, formatTime } from "./format";

describe("date and size formatting for people", () => {
  it("writes dates and times in UTC, the same on server and browser", () => {
    // 23:30 in UTC is already the next day east of Greenwich: the text must not follow the host's zone.
    expect(formatDate("2026-11-23T23:30:05.000Z")).toBe("23 Nov 2026");
    expect(formatTime("2026-11-23T23:30:05.000Z")).toBe("23:30:05");
    expect(formatDateTime("2026-01-02T03:04:05.678Z")).toBe("2 Jan 2026, 03:04:05 UTC");
  });

  it("rounds sizes to one decimal in the largest unit under 1024", () => {
    expect(formatSize(0)).toBe("0 B");
    expect(formatSize(1023)).toBe("1023 B");
    expect(formatSize(1024)).toBe("1.0 KB");
    expect(formatSize(14_540)).toBe("14.2 KB");
    expect(formatSize(3_250_586)).toBe("3.1 MB");
  });
});
