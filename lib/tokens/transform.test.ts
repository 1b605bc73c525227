import { describe, expect, it } from "vitest";
import { tokenStatus } from "./transform";

describe("tokenStatus", () => {
  const startDate = new Date("2030-01-01T10:00:00Z");
  const endDate = new Date("2030-01-01T12:00:00Z");
  const at = (iso: string) => new Date(iso);

  it("is pending before startDate, active from it, expired from endDate (exclusive)", () => {
    expect(tokenStatus({ startDate, endDate, revokedAt: null }, at("2030-01-01T09:59:59.999Z"))).toBe("pending");
    expect(tokenStatus({ startDate, endDate, revokedAt: null }, startDate)).toBe("active");
    expect(tokenStatus({ startDate, endDate, revokedAt: null }, at("2030-01-01T11:59:59.999Z"))).toBe("active");
    expect(tokenStatus({ startDate, endDate, revokedAt: null }, endDate)).toBe("expired");
  });

  it("is revoked whatever the window says", () => {
    const revokedAt = at("2030-01-01T11:00:00Z");
    for (const now of [at("2030-01-01T09:00:00Z"), at("2030-01-01T11:30:00Z"), at("2030-01-02T00:00:00Z")]) {
      expect(tokenStatus({ startDate, endDate, revokedAt }, now)).toBe("revoked");
    }
  });
});
