import fs from "node:fs";
import path from "node:path";

/** The speech synthesiser synthesizeMp3 runs (Debian's espeak-ng); without it the simulator's speech is a tone. */
export const SPEECH_COMMAND = "espeak-ng";

/** The package that brings it, and the one command that installs it. */
export const SPEECH_INSTALL_COMMAND = "sudo apt-get install espeak-ng";

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
