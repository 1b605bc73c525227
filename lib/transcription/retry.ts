import type { AudioToTranscribe, TranscriptionProvider } from "./provider";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The provider's transcript, trying again after each delay when it fails (a server that is
 * restarting, a recogniser that timed out); throws the last failure once the delays are used up.
 */
export async function transcribeWithRetries(
  provider: TranscriptionProvider,
  audio: AudioToTranscribe,
  delaysMs: readonly number[],
  onFailure: (error: unknown, attempt: number) => void = () => {},
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await provider.transcribe(audio);
    } catch (error) {
      onFailure(error, attempt);
      const delay = delaysMs[attempt - 1];
      if (delay === undefined) throw error;
      await sleep(delay);
    }
  }
}

/** A failure as the one line stored with a notAvailable message. */
export const failureReason = (providerId: string, error: unknown) =>
  `${providerId}: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 500)}`;
