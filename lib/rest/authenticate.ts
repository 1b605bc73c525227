import { prisma } from "@/lib/db/client";
import { verifyOAuthRequest } from "@/lib/oauth/verify-request";
import { ApiError } from "./api-error";
import type { AuthContext } from "./context";

/**
 * "none": public (health, OAuth pages). "application": any signed request, two-legged (as the
 * application) or with a user's access token. "user": only with a user's access token.
 */
export type AuthMode = "none" | "application" | "user";

export interface AuthenticateInput {
  request: Request;
  url: URL;
  rawBody: string;
  mode: AuthMode;
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticate({ request, url, rawBody, mode }: AuthenticateInput): Promise<AuthContext | null> {
  if (mode === "none") return null;
  const verified = await verifyOAuthRequest({ request, url, rawBody, tokenKind: "access-optional" });
  const { application, accessToken } = verified;

  if (application.suspended) {
    throw new ApiError("forbidden", `The application ${application.domain.name}:${application.name} is suspended. Contact the domain owner.`);
  }
  if (!accessToken) {
    if (mode === "user") {
      throw new ApiError("unauthorized", "This operation acts as a user: sign it with a user's access token (POST /login or the three-legged flow).", {
        oauthProblem: "parameter_absent",
        oauthParams: { oauth_parameters_absent: "oauth_token" },
      });
    }
    if (!application.allow2legged) {
      throw new ApiError("unauthorized", "Two-legged requests are turned off for this application; sign with a user's access token.", {
        oauthProblem: "permission_denied",
      });
    }
  }

  let user: AuthContext["user"] = null;
  if (accessToken) {
    const row = await prisma.user.findUnique({ where: { id: accessToken.userId }, select: { id: true, login: true, domainId: true, suspended: true } });
    if (!row) throw new ApiError("unauthorized", "The user of this token no longer exists.", { oauthProblem: "token_rejected" });
    if (row.suspended) throw new ApiError("forbidden", "This user is suspended. Contact the domain owner.");
    if (accessToken.scope === "read-only" && !READ_METHODS.has(request.method)) {
      throw new ApiError("forbidden", "This token is read-only. Ask the user to approve read-write access to make changes.");
    }
    user = { id: row.id, login: row.login, domainId: row.domainId };
    if (!accessToken.lastUsedAt || Date.now() - accessToken.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await prisma.accessToken.update({ where: { id: accessToken.id }, data: { lastUsedAt: new Date() } });
    }
  }

  return {
    application: {
      id: application.id,
      publicId: `${application.domain.name}:${application.name}`,
      name: application.name,
      domainId: application.domainId,
    },
    user,
    domain: { id: application.domain.id, name: application.domain.name },
    token: accessToken ? { id: accessToken.id, scope: accessToken.scope === "read-only" ? "read-only" : "read-write" } : null,
  };
}
