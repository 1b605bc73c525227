import { z } from "zod";
import type { Filterable } from "@/lib/http/rest/list-query";

/** Searching free numbers: id (tel:<digits>, the prefix optional in filters), location, status. */
export const numberFilterable: Filterable = {
  id: { type: "string", column: "number", prefix: "tel:" },
  location: { type: "string", column: "country" },
  status: { type: "string", column: "status" },
};

export const numberEntrySchema = z
  .object({
    id: z.string().meta({ description: 'tel:<E.164 digits>; allocate it with POST /devices/<guid> {id: "@purpose/tel:<digits>"}.' }),
    location: z.string().meta({ description: "ISO 3166 alpha-3 country." }),
    sms: z.boolean(),
    status: z.literal("available"),
  })
  .meta({ id: "PurposeNumber" });
export type NumberEntry = z.infer<typeof numberEntrySchema>;

export const searchNumbersQuery = z.object({
  maxResults: z.coerce
    .number()
    .int("must be a whole number")
    .min(0, "must be 0 or more")
    .optional()
    .meta({ description: "The original clients' name for count (count wins when both are sent)." }),
});
