import { displayTokenContract } from "@/lib/http/oauth/contracts";
import { attachLegacyCallback } from "@/lib/http/oauth/three-legged";
import { operation } from "@/lib/http/operation/operation";
import { requestOrigin } from "@/lib/core/urls";
import { restRoute } from "@/lib/http/operation/route";

// The original platform's authorization URL: sends the user to the authorization page, keeping
// oauth_token; a legacy (OAuth 1.0) request token gets its oauth_callback here.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(displayTokenContract, async (ctx) => {
    const target = new URL("/oauth/authorize", `${requestOrigin(ctx.request)}/`);
    const token = ctx.url.searchParams.get("oauth_token");
    const callback = ctx.url.searchParams.get("oauth_callback");
    if (token !== null && callback !== null) await attachLegacyCallback(token, callback);
    if (token !== null) target.searchParams.set("oauth_token", token);
    // Not Response.redirect(): its headers are immutable and the wrapper adds X-Request-Id.
    return new Response(null, { status: 302, headers: { Location: target.toString(), "Cache-Control": "no-store" } });
  }),
);
