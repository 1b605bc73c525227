// Keeps the source readable: Prettier wraps code at 150 characters but leaves long strings and comments alone.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const LIMIT = 160;
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
// Captures of the original library and migrations are kept as they were written.
const KEPT_AS_IS = [/^e2e\/vectors\//, /^prisma\/migrations\//];

describe("source lines", () => {
  it(`are at most ${LIMIT} characters long`, () => {
    const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => SOURCE.test(file) && !KEPT_AS_IS.some((kept) => kept.test(file)) && fs.existsSync(file));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (line.length > LIMIT ? [`${file}:${index + 1} (${line.length})`] : [])),
    );
    expect(long).toEqual([]);
  });
});
