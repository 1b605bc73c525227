import { describe, expect, it } from "vitest";
import { statementName } from "./client";

describe("statementName", () => {
  it("names each statement text once, stably, as a valid PostgreSQL identifier", () => {
    const text = 'SELECT 1 FROM "User" WHERE id = $1';
    const name = statementName(text);
    expect(name).toMatch(/^hot_[0-9a-f]{6}_[0-9a-f]{24}$/);
    expect(statementName(text)).toBe(name);
    expect(statementName(`${text} `)).not.toBe(name);
    expect(name!.length).toBeLessThanOrEqual(63);
  });

  it("stops naming new texts past its limit, so the server-side statement cache stays bounded", () => {
    const names = Array.from({ length: 600 }, (_, i) => statementName(`SELECT ${i}`));
    expect(names.filter(Boolean).length).toBeLessThanOrEqual(500);
    expect(names.at(-1)).toBeUndefined();
    expect(statementName("SELECT 0")).toBe(names[0]);
  });
});
