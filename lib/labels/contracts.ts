import { z } from "zod";
import { defineContract } from "@/lib/http/rest/contract";
import { guidParam } from "@/lib/core/validation";
import { labelEntrySchema } from "./list-labels";

export const listLabelsContract = defineContract({
  operationId: "listLabels",
  method: "GET",
  path: "/labels/{guid}",
  tag: "Labels",
  summary: "List the labels a user put on devices and messages",
  description:
    'Set a label with PUT on a device or a message (`{"label": "work"}`); each appears once here, with how many devices and messages carry it.',
  auth: "application",
  params: z.object({ guid: guidParam.meta({ description: "The user's GUID." }) }),
  success: { status: 200, description: "The labels, A-Z.", entry: z.array(labelEntrySchema) },
});
