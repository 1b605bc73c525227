import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findOnPath, SPEECH_COMMAND, SPEECH_INSTALL_COMMAND } from "@/lib/audio/speech-synthesizer";
import { synthesizeMp3 } from "@/lib/audio/synthesize-mp3";
import { POCKETSPHINX_INSTALL_COMMAND, transcribeWithPocketsphinx } from "./local-provider";

const COMMAND = "pocketsphinx_continuous";
const missing = [
  ...(findOnPath(COMMAND, process.env.PATH) ? [] : [`${COMMAND} (${POCKETSPHINX_INSTALL_COMMAND})`]),
  ...(findOnPath(SPEECH_COMMAND, process.env.PATH) ? [] : [`${SPEECH_COMMAND} (${SPEECH_INSTALL_COMMAND})`]),
];
if (missing.length) console.warn(`SKIPPED: the local transcription test needs Debian packages that are not installed: ${missing.join(", ")}`);

describe("the local provider (Debian's pocketsphinx)", { timeout: 120_000 }, () => {
  it.skipIf(missing.length > 0)("hears the simulator's spoken sentence in its MP3", async () => {
    const mp3 = await synthesizeMp3("Hello, this is Anna. Please call me back about the invoice tomorrow morning.");
    expect(mp3.source).toBe("speech");
    const text = await transcribeWithPocketsphinx({ bytes: mp3.bytes, fileName: "call.mp3" }, { command: COMMAND, timeoutMs: 100_000 });
    expect(text).toMatch(/call me back/);
    expect(text).toMatch(/tomorrow morning/);
  });

  it("a recogniser that is not installed is a failure that says how to install it", async () => {
    const mp3 = await synthesizeMp3("x", { speechCommand: "/nonexistent/flite", toneSeconds: 0.5 });
    await expect(
      transcribeWithPocketsphinx({ bytes: mp3.bytes, fileName: "call.mp3" }, { command: "no-such-pocketsphinx", timeoutMs: 5000 }),
    ).rejects.toThrow(/no-such-pocketsphinx is not installed \(sudo apt-get install pocketsphinx pocketsphinx-en-us\)/);
  });

  it("a recogniser that outlives the timeout is stopped and the failure says so", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hanging-recogniser-"));
    try {
      const hanging = path.join(dir, "recogniser");
      fs.writeFileSync(hanging, "#!/bin/sh\nexec sleep 30\n", { mode: 0o755 });
      const mp3 = await synthesizeMp3("x", { speechCommand: "/nonexistent/flite", toneSeconds: 0.5 });
      await expect(transcribeWithPocketsphinx({ bytes: mp3.bytes, fileName: "call.mp3" }, { command: hanging, timeoutMs: 300 })).rejects.toThrow(
        /stopped by SIGTERM after 300 ms/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
