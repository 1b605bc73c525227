import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import { guidParam } from "@/lib/core/validation";
import { serviceEntrySchema, updateServiceSchema } from "./schemas";

const guid = guidParam.meta({ description: "The user's GUID." });

export const listServicesContract = defineContract({
  operationId: "listServices",
  method: "GET",
  path: "/services/{guid}",
  tag: "Services",
  summary: "List the services a user can turn on",
  description:
    "Transcription services, one per speech-to-text provider: simulator (a documented fake " +
    "transcript), openai-compatible (a server speaking POST /v1/audio/transcriptions) and local " +
    "(pocketsphinx on the server), with whether the user turned each on for voicemail and for " +
    "which folders.",
  auth: "application",
  params: z.object({ guid }),
  success: { status: 200, description: "The services.", entry: z.array(serviceEntrySchema) },
});

export const updateServiceContract = defineContract({
  operationId: "updateService",
  method: "PUT",
  path: "/services/{guid}/{serviceId}",
  tag: "Services",
  summary: "Turn a transcription service on or off",
  description:
    '`{"voicemail": true}` transcribes each new voicemail; `{"folders": ["inbox", "work"]}` ' +
    "transcribes messages with audio that arrive in or are moved to those folders. The " +
    "transcript is stored beside the audio as <file>.<serviceId>.txt and TranscriptionReady is " +
    "published; a provider that still fails after its retries leaves the message notAvailable " +
    "with the reason in transcriptionDetail.",
  auth: "application",
  params: z.object({ guid, serviceId: z.string().min(1).max(40).meta({ description: "A service id from GET /services/{guid}, e.g. simulator." }) }),
  body: updateServiceSchema,
  example: { voicemail: true },
  success: { status: 200, description: "The service as the user has it now.", entry: serviceEntrySchema },
});
