import { localProvider } from "./local-provider";
import { openAiCompatibleProvider } from "./openai-compatible-provider";
import type { TranscriptionProvider } from "./provider";
import { simulatorProvider } from "./simulator-provider";

/** The transcription services a user can turn on, in the order GET /services lists them. */
export const PROVIDERS: readonly TranscriptionProvider[] = [simulatorProvider, openAiCompatibleProvider, localProvider];

export const providerById = (id: string) => PROVIDERS.find((p) => p.id === id);
