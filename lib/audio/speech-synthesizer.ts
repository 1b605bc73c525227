import fs from "node:fs";
import path from "node:path";

/**
 * The speech synthesiser synthesizeMp3 runs (Debian's flite); without it the simulator's speech is a
 * tone. flite, not espeak-ng: a recogniser understands it (docs/decisions.md, "Voicemail speech").
 */
export const SPEECH_COMMAND = "flite";

/** The package that brings it, and the one command that installs it. */
export const SPEECH_INSTALL_COMMAND = "sudo apt-get install flite";

/** flite's voice: kal16 is its 16 kHz diphone voice (wideband, what pocketsphinx's en-us model expects). */
export const SPEECH_VOICE = "kal16";

/**
 * The command's arguments: the text from a file and the WAV to a file (flite cannot open Node's
 * stdio, which are sockets), so no text is ever read as an option.
 */
export const speechArguments = (textFile: string, wavFile: string) => ["-voice", SPEECH_VOICE, "-f", textFile, "-o", wavFile];

/** Where `command` would be found on `searchPath` (PATH's value), as spawn finds it; null when it is not there. */
export function findOnPath(command: string, searchPath: string | undefined): string | null {
  for (const dir of (searchPath ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
