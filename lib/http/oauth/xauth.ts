import { prisma } from "@/lib/core/db/client";
import { forgetCachedCredentials } from "./credential-cache";
import { clientAddress } from "@/lib/http/limits/client-address";
import { ApiError } from "@/lib/core/errors/api-error";
import type { AuthedContext } from "@/lib/http/rest/context";
import { formReply, issueAccessToken, parseScope } from "./tokens";
import { authenticateUser } from "./user-login";

/**
 * POST /login (xAuth): the application, signing with its consumer secret, trades a user's login and
 * password for an access token. x_auth_username / x_auth_password come signed in the Authorization
 * header (as the original SDKs sent them) or in a form body; x_auth_scope=read-only narrows the token.
 */
export async function loginWithPassword(ctx: AuthedContext): Promise<Response> {
  const { x_auth_username: login, x_auth_password: password, x_auth_scope } = ctx.auth.oauth;
  if (!login || !password) {
    throw new ApiError("bad_request", "Send x_auth_username and x_auth_password (signed, in the Authorization header or a form body).", {
      oauthProblem: "parameter_absent",
      oauthParams: { oauth_parameters_absent: [!login && "x_auth_username", !password && "x_auth_password"].filter(Boolean).join("&") },
    });
  }
  const user = await authenticateUser(ctx.auth.domain, login, password, clientAddress(ctx.request.headers));
  const issued = await issueAccessToken({
    userId: user.id,
    applicationId: ctx.auth.application.id,
    scope: parseScope(x_auth_scope),
    createdWith: "xauth",
  });
  await prisma.user.update({ where: { id: user.id }, data: { lastUsedAt: new Date() } });
  return formReply([
    ["oauth_token", issued.token],
    ["oauth_token_secret", issued.secret],
    ["user_guid", user.id],
  ]);
}

/** POST /logout: revokes the access token that signed the request. */
export async function logout(ctx: AuthedContext): Promise<void> {
  await prisma.accessToken.update({ where: { id: ctx.auth.token!.id }, data: { revokedAt: new Date() } });
  forgetCachedCredentials();
}
