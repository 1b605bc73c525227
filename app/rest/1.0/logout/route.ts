import { logout } from "@/lib/oauth/xauth";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  POST: withRest(async (_req, ctx) => logout(ctx), { auth: "user", readOnlyTokenAllowed: true }),
});
