import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";
import { updateUserSchema } from "@/lib/users/schemas";
import { deleteUser, getUser, updateUser } from "@/lib/users/users";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => getUser(ctx, ctx.params.guid!), { auth: "application" }),
  PUT: withRest(async (_req, ctx) => updateUser(ctx, ctx.params.guid!, ctx.json(updateUserSchema)), { auth: "application" }),
  DELETE: withRest(async (_req, ctx) => deleteUser(ctx, ctx.params.guid!), { auth: "application" }),
});
