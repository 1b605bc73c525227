import { SPEECH_COMMAND, SPEECH_INSTALL_COMMAND } from "../lib/audio/speech-synthesizer";

/**
 * The banner's "Speech:" line: which synthesiser speaks the simulator's voicemail greetings and
 * text, or, when `lookup` finds none, what that means and the one command that adds it.
 */
export function speechBannerLine(lookup: (command: string) => string | null): string {
  const found = lookup(SPEECH_COMMAND);
  if (found) return `  Speech:           ${SPEECH_COMMAND} (${found})`;
  return [
    `  Speech:           NOT FOUND: ${SPEECH_COMMAND} is not installed, so voicemail greetings and spoken text`,
    `                    are a beep. Add it with: ${SPEECH_INSTALL_COMMAND} (then restart)`,
  ].join("\n");
}
