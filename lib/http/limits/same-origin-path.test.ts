import { describe, expect, it } from "vitest";
import { sameOriginPath } from "./same-origin-path";

describe("sameOriginPath", () => {
  it.each([
    ["/apps", "/apps"],
    ["/domains/demo?tab=users#top", "/domains/demo?tab=users#top"],
    ["/apps/../domains", "/domains"],
    ["/search?q=%2F%2Fnot-a-host", "/search?q=%2F%2Fnot-a-host"],
  ])("keeps the same-origin path %s", (input, expected) => {
    expect(sameOriginPath(input)).toBe(expected);
  });

  it.each([
    "/\\evil.example/",
    "/\t/evil.example/",
    "/\n/evil.example/",
    "/\\/evil.example/",
    "\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/%5Cevil.example/",
    "/%5C%2Fevil.example",
    "/%09/evil.example/",
    "%2F%2Fevil.example",
    "/%2F/evil.example",
    "",
    `/${"a".repeat(2001)}`,
  ])("refuses %j", (input) => {
    expect(sameOriginPath(input)).toBe("/overview");
  });

  it("refuses what is not a string, with the given fallback", () => {
    expect(sameOriginPath(undefined, "/")).toBe("/");
    expect(sameOriginPath(["/apps"], "/")).toBe("/");
  });
});
