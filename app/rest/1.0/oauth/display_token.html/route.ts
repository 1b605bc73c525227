import { config } from "@/lib/config";
import { restRoute } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// The original platform's authorization URL: sends the user to the authorization page, keeping oauth_token.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({
  GET: withRest(
    async (_request, ctx) => {
      const target = new URL("/oauth/authorize", `${config().publicUrl}/`);
      const token = ctx.url.searchParams.get("oauth_token");
      if (token !== null) target.searchParams.set("oauth_token", token);
      // Not Response.redirect(): its headers are immutable and withRest adds X-Request-Id.
      return new Response(null, { status: 302, headers: { Location: target.toString(), "Cache-Control": "no-store" } });
    },
    { auth: "none" },
  ),
});
