import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "./json-depth";

const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("nestsDeeperThan", () => {
  it("allows nesting up to the limit and refuses one level more, arrays and objects alike", () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = (depth: number) => '{"a":'.repeat(depth - 1) + "{}" + "}".repeat(depth - 1);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH))).toBe(false);
    expect(nestsDeeperThan(objects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan('[{"a":[{"b":[]}]}]', 4)).toBe(true);
    expect(nestsDeeperThan('[{"a":[{"b":[]}]}]', 5)).toBe(false);
  });

  it("counts brackets only outside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ text: "[".repeat(1000) }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '\\"' + "{".repeat(1000) }))).toBe(false);
    expect(nestsDeeperThan(`["\\\\", ${nested(MAX_JSON_DEPTH)}]`)).toBe(true);
  });

  it("scans 10,000 levels (the attack of issue 27) without recursion, in far less than a second", () => {
    const started = performance.now();
    expect(nestsDeeperThan(nested(10_000))).toBe(true);
    expect(nestsDeeperThan(nested(200_000))).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
