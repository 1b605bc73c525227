import { config } from "@/lib/core/config";
import type { AudioToTranscribe, TranscriptionProvider } from "./provider";

// Any server speaking OpenAI's POST /v1/audio/transcriptions (OpenAI, whisper.cpp's server,
// faster-whisper-server, LocalAI, ...): multipart file + model, answer {"text": "..."}.

export interface OpenAiCompatibleSettings {
  /** The server's base URL, e.g. http://127.0.0.1:8080 (unset: the service is not configured). */
  url?: string;
  key?: string;
  model: string;
  timeoutMs: number;
}

const CONTENT_TYPES: Record<string, string> = { mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg", m4a: "audio/mp4", webm: "audio/webm" };

export const transcriptionEndpoint = (baseUrl: string) => `${baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "")}/v1/audio/transcriptions`;

/** The server's text for the audio; throws with the reason (not configured, HTTP status, timeout, answer without text). */
export async function transcribeWithOpenAiCompatible(audio: AudioToTranscribe, settings: OpenAiCompatibleSettings): Promise<string> {
  if (!settings.url) throw new Error("TRANSCRIPTION_OPENAI_URL is not set");
  const extension = audio.fileName.split(".").pop()?.toLowerCase() ?? "";
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(audio.bytes)], { type: CONTENT_TYPES[extension] ?? "application/octet-stream" }), audio.fileName);
  form.append("model", settings.model);
  form.append("response_format", "json");
  const endpoint = transcriptionEndpoint(settings.url);
  let answer: Awaited<ReturnType<typeof fetch>>;
  try {
    answer = await fetch(endpoint, {
      method: "POST",
      body: form,
      headers: settings.key ? { authorization: `Bearer ${settings.key}` } : {},
      signal: AbortSignal.timeout(settings.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === "TimeoutError";
    throw new Error(timedOut ? `${endpoint} did not answer within ${settings.timeoutMs} ms` : `${endpoint} could not be reached: ${String(error)}`);
  }
  const body = await answer.text().catch(() => "");
  if (!answer.ok) throw new Error(`${endpoint} answered ${answer.status}: ${body.slice(0, 200)}`);
  let text: unknown;
  try {
    text = (JSON.parse(body) as { text?: unknown }).text;
  } catch {
    throw new Error(`${endpoint} answered something other than JSON: ${body.slice(0, 200)}`);
  }
  if (typeof text !== "string") throw new Error(`${endpoint} answered without a text`);
  return text.trim();
}

export const openAiCompatibleProvider: TranscriptionProvider = {
  id: "openai-compatible",
  name: "OpenAI-compatible speech recognition",
  description:
    "Sends the audio to the server at TRANSCRIPTION_OPENAI_URL (POST /v1/audio/transcriptions: " +
    "OpenAI, whisper.cpp's server, faster-whisper-server, LocalAI...).",
  transcribe: (audio) => {
    const c = config();
    return transcribeWithOpenAiCompatible(audio, {
      url: c.TRANSCRIPTION_OPENAI_URL,
      key: c.TRANSCRIPTION_OPENAI_KEY,
      model: c.TRANSCRIPTION_OPENAI_MODEL,
      timeoutMs: c.TRANSCRIPTION_OPENAI_TIMEOUT_MS,
    });
  },
};
