import { listAccessTokens } from "@/lib/oauth/tokens";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// A user's live access tokens (never their secrets). Guest-call tokens will share this path later.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(async (_req, ctx) => listAccessTokens(ctx, ctx.params.guid!), { auth: "application" }),
});
