import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { config } from "@/lib/core/config";
import { decodeAudio, resample, toWav16 } from "@/lib/audio/pcm";
import type { AudioToTranscribe, TranscriptionProvider } from "./provider";

// Debian's pocketsphinx (0.8+5prealpha) with its en-us model, as a child process: the audio goes to
// pocketsphinx_continuous as a 16 kHz mono 16-bit WAV file (it cannot open Node's stdin, a socket), one hypothesis per utterance comes
// back on stdout. It reads wideband speech fairly well and telephone (8 kHz) audio badly (docs/voicemail.md).

export const POCKETSPHINX_RATE = 16_000;
export const POCKETSPHINX_INSTALL_COMMAND = "sudo apt-get install pocketsphinx pocketsphinx-en-us";

export interface PocketsphinxSettings {
  command: string;
  timeoutMs: number;
}

/** The text pocketsphinx hears in the audio ("" for silence); throws with the reason when it cannot run. */
export async function transcribeWithPocketsphinx(audio: AudioToTranscribe, settings: PocketsphinxSettings): Promise<string> {
  const pcm = await decodeAudio(audio.bytes, audio.fileName);
  const wav = toWav16(resample(pcm, POCKETSPHINX_RATE), POCKETSPHINX_RATE);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pocketsphinx-"));
  let stdout: string;
  try {
    const file = path.join(dir, "audio.wav");
    await fs.writeFile(file, wav);
    stdout = await run(settings, file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return stdout
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ");
}

function run(settings: PocketsphinxSettings, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(settings.command, ["-infile", file, "-logfn", "/dev/null"], {
      stdio: ["ignore", "pipe", "pipe"],
      timeout: settings.timeoutMs,
    });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => (err = (err + c.toString()).slice(-500)));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "ENOENT"
            ? `${settings.command} is not installed (${POCKETSPHINX_INSTALL_COMMAND})`
            : `${settings.command} could not run: ${error.message}`,
        ),
      ),
    );
    child.on("close", (code, signal) => {
      if (signal)
        return reject(new Error(`${settings.command} stopped by ${signal}${signal === "SIGTERM" ? ` after ${settings.timeoutMs} ms` : ""}`));
      if (code !== 0) return reject(new Error(`${settings.command} failed with exit code ${code}${err.trim() ? `: ${err.trim()}` : ""}`));
      resolve(Buffer.concat(out).toString("utf8"));
    });
  });
}

export const localProvider: TranscriptionProvider = {
  id: "local",
  name: "Local speech recognition (pocketsphinx)",
  description:
    "Debian's pocketsphinx with its en-us model, on this server (apt-get install pocketsphinx " +
    "pocketsphinx-en-us). Fair on wideband speech, poor on 8 kHz telephone audio.",
  transcribe: (audio) =>
    transcribeWithPocketsphinx(audio, { command: config().TRANSCRIPTION_POCKETSPHINX_COMMAND, timeoutMs: config().TRANSCRIPTION_LOCAL_TIMEOUT_MS }),
};
