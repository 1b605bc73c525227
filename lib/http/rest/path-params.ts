import { z } from "zod";
import { guidParam } from "@/lib/core/validation";

/** The `{guid}` of a user's path, for every area whose operations live under a user (users, billing). */
export const userPath = z.object({ guid: guidParam.meta({ description: "The user's GUID." }) });
