import { revokeAccessToken } from "@/lib/oauth/tokens";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  DELETE: withRest(async (_req, ctx) => revokeAccessToken(ctx, ctx.params.guid!, ctx.params.id!), { auth: "application" }),
});
