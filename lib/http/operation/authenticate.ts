import { noteTokenUse } from "@/lib/http/oauth/last-used";
import { serviceProviderUser } from "@/lib/http/oauth/service-provider";
import { verifyOAuthRequest, type TokenKind } from "@/lib/http/oauth/verify-request";
import { ApiError } from "@/lib/core/errors/api-error";
import type { AuthContext } from "@/lib/http/rest/context";
import type { AuthMode } from "@/lib/http/rest/contract";
import { isSignedUrl, isTunnelled } from "@/lib/http/rest/json-tunnel";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

const TOKEN_KIND: Record<Exclude<AuthMode, "none">, TokenKind> = {
  application: "access-optional",
  user: "access-optional", // a missing token is a 401 below, not a 400 for a missing parameter
  consumer: "none",
  "request-token": "request",
};

export interface AuthenticateInput {
  request: Request;
  url: URL;
  rawBody: string;
  mode: AuthMode;
  /** The operation changes nothing of the user's data (logout), so a read-only token may call it. */
  readOnlyTokenAllowed?: boolean;
  /** The handler streams the body (contract.streamsBody): rawBody is empty, a body hash is checked later. */
  streamedBody?: boolean;
  /** Logged with a service provider's request acting as a user. */
  requestId?: string;
}

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function authenticate({ request, url, rawBody, mode, readOnlyTokenAllowed, requestId, streamedBody }: AuthenticateInput): Promise<AuthContext | null> {
  if (mode === "none") return null;
  const { application, accessToken, requestToken, oauth, bodyCheck } = await verifyOAuthRequest({
    request,
    url,
    rawBody,
    tokenKind: TOKEN_KIND[mode],
    streamedBody,
    replayable: isSignedUrl(request),
  });

  if (application.suspended) {
    throw new ApiError("forbidden", `The application ${applicationPublicId(application.domain.name, application.name)} is suspended. Contact the domain owner.`);
  }
  if (isTunnelled(request) && !application.allowJsonTunnel) {
    throw new ApiError("forbidden", "The browser tunnel (w=JS) is turned off for this application (signed ?h= media URLs too). Its developer can turn it on in the portal (application settings).");
  }
  if (!accessToken && (mode === "application" || mode === "user")) {
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
    const { user: owner } = accessToken;
    if (owner.suspended) throw new ApiError("forbidden", "This user is suspended. Contact the domain owner.");
    if (accessToken.scope === "read-only" && !READ_METHODS.has(request.method) && !readOnlyTokenAllowed) {
      throw new ApiError("forbidden", "This token is read-only. Ask the user to approve read-write access to make changes.");
    }
    user = { id: owner.id, login: owner.login, domainId: owner.domainId };
    noteTokenUse(accessToken.id);
  } else if (mode === "application") {
    user = await serviceProviderUser(request, application, requestId);
  }

  return {
    application: {
      id: application.id,
      publicId: applicationPublicId(application.domain.name, application.name),
      name: application.name,
      domainId: application.domainId,
    },
    user,
    domain: { id: application.domain.id, name: application.domain.name },
    token: accessToken ? { id: accessToken.id, scope: accessToken.scope === "read-only" ? "read-only" : "read-write" } : null,
    requestTokenId: requestToken?.id,
    oauth,
    bodyCheck,
  };
}
