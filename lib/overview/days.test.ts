import { describe, expect, it } from "vitest";
import { activityOf, overviewWindow } from "./days";

describe("the overview's window", () => {
  const now = new Date("2026-11-27T23:30:00-05:00"); // already 28 Nov in UTC
  const window = overviewWindow(now);

  it("is the 30 UTC days ending today", () => {
    expect(window.days).toHaveLength(30);
    expect(window.days[29]).toBe("2026-11-28");
    expect(window.days[0]).toBe("2026-10-30");
    expect(window.since.toISOString()).toBe("2026-10-30T00:00:00.000Z");
  });

  it("counts each time on its UTC day, today apart, and nothing outside the window", () => {
    const times = ["2026-11-28T00:00:00Z", "2026-11-28T04:59:00Z", "2026-11-27T23:59:59Z", "2026-10-30T00:00:00Z", "2026-10-29T23:59:59Z"].map(
      (t) => new Date(t),
    );
    const activity = activityOf(window, times);
    expect(activity.today).toBe(2);
    expect(activity.last30Days).toBe(4);
    expect(activity.daily.find((d) => d.day === "2026-11-27")?.count).toBe(1);
    expect(activity.daily[0]).toEqual({ day: "2026-10-30", count: 1 });
  });
});
