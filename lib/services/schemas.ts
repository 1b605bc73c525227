import { z } from "zod";
import { folderName } from "@/lib/messages/schemas";
import { putBody } from "@/lib/http/rest/read-only-fields";

export const serviceEntrySchema = z
  .object({
    id: z.string().meta({ description: "The service id; transcripts are stored as <audio file>.<id>.txt." }),
    type: z.literal("Transcription"),
    name: z.string(),
    description: z.string(),
    providers: z.array(z.string()).meta({ description: "The speech-to-text provider(s) behind the service." }),
    voicemail: z.boolean().meta({ description: "Transcribes every new voicemail." }),
    folders: z.array(z.string()).meta({ description: "Transcribes messages with audio that arrive in, or are moved to, these folders." }),
  })
  .meta({ id: "Service" });
export type ServiceEntry = z.infer<typeof serviceEntrySchema>;

export const SERVICE_READ_ONLY = ["id", "type", "name", "description", "providers"] as const;

export const updateServiceSchema = putBody(
  {
    voicemail: z.boolean().optional(),
    folders: z.array(folderName).max(20, "at most 20 folders").optional(),
  },
  SERVICE_READ_ONLY,
)
  .refine((v) => v.voicemail !== undefined || v.folders !== undefined, "send voicemail, folders or both")
  .meta({ id: "UpdateService" });
export type UpdateServiceInput = z.infer<typeof updateServiceSchema>;
