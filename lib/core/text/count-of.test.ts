import { describe, expect, it } from "vitest";
import { countOf } from "./count-of";

describe("countOf", () => {
  it("uses the singular for exactly one", () => {
    expect(countOf(1, "application")).toBe("1 application");
  });
  it("uses the plural for zero and for more than one", () => {
    expect(countOf(0, "user")).toBe("0 users");
    expect(countOf(2, "file")).toBe("2 files");
  });
  it("takes an irregular plural", () => {
    expect(countOf(3, "entry", "entries")).toBe("3 entries");
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
  });
});
