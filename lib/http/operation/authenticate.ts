import { noteTokenUse } from "@/lib/http/oauth/last-used";
import { serviceProviderUser } from "@/lib/http/oauth/service-provider";
import { verifyOAuthRequest, type TokenKind } from "@/lib/http/oauth/verify-request";
import { ApiError } from "@/lib/core/errors/api-error";
import type { AuthContext } from "@/lib/http/rest/context";
import { isOAuthMode, type AuthMode, type Contract, type OAuthMode } from "@/lib/http/rest/contract";
import { guestSecretOf } from "@/lib/http/rest/guest-token";
import { isSignedUrl, isTunnelled } from "@/lib/http/rest/json-tunnel";
import { applicationPublicId } from "@/lib/core/tenancy/public-ids";

const TOKEN_KIND: Record<OAuthMode, TokenKind> = {
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

/** Verifies the OAuth signature of a request to an operation of an OAuth mode; null for the other modes. */
export async function authenticate({
  request,
  url,
  rawBody,
  mode,
  readOnlyTokenAllowed,
  requestId,
  streamedBody,
}: AuthenticateInput): Promise<AuthContext | null> {
  if (!isOAuthMode(mode)) return null;
  const { application, accessToken, requestToken, oauth, bodyCheck } = await verifyOAuthRequest({
    request,
    url,
    rawBody,
    tokenKind: TOKEN_KIND[mode],
    streamedBody,
    replayable: isSignedUrl(request),
  });

  if (application.suspended) {
    throw new ApiError(
      "forbidden",
      `The application ${applicationPublicId(application.domain.name, application.name)} is suspended. Contact the domain owner.`,
    );
  }
  if (isTunnelled(request) && !application.allowJsonTunnel) {
    throw new ApiError(
      "forbidden",
      "The browser tunnel (w=JS) is turned off for this application (signed ?h= media URLs too). " +
        "Its developer can turn it on in the portal (application settings).",
    );
  }
  if (!accessToken && (mode === "application" || mode === "user")) {
    if (mode === "user") {
      throw new ApiError(
        "unauthorized",
        "This operation acts as a user: sign it with a user's access token (POST /login or the three-legged flow).",
        {
          oauthProblem: "parameter_absent",
          oauthParams: { oauth_parameters_absent: "oauth_token" },
        },
      );
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

/**
 * What the credential of a "guest-token" or "capability" operation grants: the Bearer secret or the
 * path parameter, checked by the contract's own rule (which refuses it with its 401, 403 or 404).
 */
export async function checkCredential(contract: Contract, headers: Headers, params: Record<string, unknown>): Promise<unknown> {
  if (contract.auth === "guest-token") return contract.credential!.verify(guestSecretOf(headers));
  if (contract.auth === "capability") return contract.credential!.verify(String(params[contract.credential!.param!]));
  return undefined;
}

/** A contract's credential check fits its auth mode: thrown when the operation is declared, so a route cannot load without it. */
export function assertCredentialFits(contract: Contract): void {
  const { auth, credential, params } = contract;
  const needed = auth === "guest-token" || auth === "capability";
  if (needed !== Boolean(credential)) throw new Error(`${contract.operationId}: auth "${auth}" ${needed ? "needs" : "takes no"} credential check`);
  if (auth === "capability" && !(credential!.param && params?.shape[credential!.param])) {
    throw new Error(`${contract.operationId}: a capability names one of its path parameters`);
  }
  if (auth === "guest-token" && credential!.param)
    throw new Error(`${contract.operationId}: a guest token is sent as a Bearer credential, not in the path`);
}
