import { restRoute } from "@/lib/rest/route";
import { created } from "@/lib/rest/responses";
import { withRest } from "@/lib/rest/with-rest";
import { createUserSchema } from "@/lib/users/schemas";
import { createUser, listUsers } from "@/lib/users/users";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => listUsers(ctx, ctx.url.searchParams), { auth: "application" }),
  POST: withRest(
    async (_req, ctx) => {
      const user = await createUser(ctx, ctx.json(createUserSchema));
      return created(`/users/${user.guid}`, user);
    },
    { auth: "application" },
  ),
});
