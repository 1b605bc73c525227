// Speech to text behind one interface (docs/messages.md, "Services"): the simulator's fake
// transcript by default; a real engine implements the same interface and joins PROVIDERS.

export interface AudioToTranscribe {
  bytes: Uint8Array;
  /** The file's name, e.g. "<call id>.mp3": its extension tells the format. */
  fileName: string;
  /** Seconds, when known. */
  duration?: number;
  /** The caller's address, when known. */
  from?: string;
}

export interface TranscriptionProvider {
  /** The service id: used in PUT /services/{guid}/{id} and in the transcript's file name <file>.<id>.txt. */
  id: string;
  name: string;
  description: string;
  transcribe(audio: AudioToTranscribe): Promise<string>;
}
