import { describe, expect, it } from "vitest";
import { backoffMs } from "./server-start";

describe("backoffMs", () => {
  it("doubles a failing job's wait from twice its interval, up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6].map((failures) => backoffMs(300, failures))).toEqual([600, 1200, 2400, 4800, 9600, 19_200]);
    expect(backoffMs(300, 7)).toBe(30_000);
    expect(backoffMs(60_000, 1)).toBe(30_000);
    expect(backoffMs(500, 1000)).toBe(30_000);
  });
});
