import { describe, expect, it } from "vitest";
import { applicationName, domainName } from "@/lib/core/validation";
import { slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["My Test App", "my-test-app"],
    ["  Café déjà vu! ", "cafe-deja-vu"],
    ["My_App 2", "my-app-2"],
    ["..dots..", "dots"],
    ["日本", ""],
  ])("%s -> %s", (input, slug) => expect(slugify(input)).toBe(slug));

  it("gives names both the application and the domain schema accept", () => {
    for (const text of ["My Test App", "A".repeat(80), "x - y . z", "Ünïcode Nämé 42"]) {
      expect(applicationName.safeParse(slugify(text)).success).toBe(true);
      expect(domainName.safeParse(slugify(text)).success).toBe(true);
    }
  });
});
