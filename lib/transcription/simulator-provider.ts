import type { AudioToTranscribe, TranscriptionProvider } from "./provider";

/** The documented fake transcript: it names the audio's size, length and caller, so tests can check it. */
export function simulatedTranscript(audio: AudioToTranscribe): string {
  const length = audio.duration === undefined ? "" : ` of ${audio.duration} seconds`;
  const caller = audio.from ? ` from ${audio.from}` : "";
  return `Simulated transcript${length}${caller}: this message was transcribed by the simulator (${audio.bytes.byteLength} bytes of ${audio.fileName}).`;
}

export const simulatorProvider: TranscriptionProvider = {
  id: "simulator",
  name: "Simulator transcription",
  description: "Writes a fixed, documented fake transcript at once (docs/messages.md). For development and tests.",
  transcribe: async (audio) => simulatedTranscript(audio),
};
