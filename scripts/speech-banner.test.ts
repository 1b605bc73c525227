import { describe, expect, it } from "vitest";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { findOnPath } from "../lib/audio/speech-synthesizer";
import { speechBannerLine } from "./speech-banner";

describe("the banner's speech line", () => {
  it("names the synthesiser it found", () => {
    const asked: string[] = [];
    const line = speechBannerLine((command) => (asked.push(command), `/usr/bin/${command}`));
    expect(asked).toEqual(["flite"]);
    expect(line).toBe("  Speech:           flite (/usr/bin/flite)");
  });

  it("without one, says voicemail is a beep and gives the command that adds it", () => {
    const line = speechBannerLine(() => null);
    expect(line).toContain("NOT FOUND");
    expect(line).toContain("voicemail greetings and spoken text");
    expect(line).toContain("are a beep");
    expect(line).toContain("sudo apt-get install flite");
  });
});

describe("findOnPath", () => {
  it("finds an executable file on the path, not a plain file or a missing one", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "speech-path-"));
    try {
      fs.writeFileSync(path.join(dir, "speaker"), "#!/bin/sh\n", { mode: 0o755 });
      fs.writeFileSync(path.join(dir, "not-executable"), "", { mode: 0o644 });
      const searchPath = ["/nonexistent-dir", dir].join(path.delimiter);
      expect(findOnPath("speaker", searchPath)).toBe(path.join(dir, "speaker"));
      expect(findOnPath("not-executable", searchPath)).toBeNull();
      expect(findOnPath("missing", searchPath)).toBeNull();
      expect(findOnPath("speaker", undefined)).toBeNull();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
