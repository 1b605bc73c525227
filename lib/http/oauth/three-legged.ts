import { createHash } from "node:crypto";
import { randomToken } from "@/lib/core/crypto/random";
import { encryptSecret } from "@/lib/core/crypto/secret-box";
import { prisma } from "@/lib/core/db/client";
import { ApiError } from "@/lib/core/errors/api-error";
import type { AuthedContext } from "@/lib/http/rest/context";
import { callbackAllowed } from "./callback-prefixes";
import { safeEqual } from "./signature";
import { formReply, issueAccessToken, parseScope } from "./tokens";
import { authenticateUser } from "./user-login";

// Three-legged OAuth 1.0a: request_token -> the user approves on our page -> access_token. And, for
// applications with legacyOAuth10, the original OAuth 1.0 flow: no oauth_callback at request_token
// (it comes with the authorization URL), no verifier (docs/security.md: session fixation).

export const REQUEST_TOKEN_TTL_MS = 10 * 60_000;

/** "oob" (the page shows the verifier) or a URL under one of the application's registered prefixes. */
function validateCallback(raw: string, prefixes: readonly string[]): string {
  if (raw === "oob" || callbackAllowed(raw, prefixes)) return raw;
  throw new ApiError(
    "bad_request",
    'oauth_callback must be "oob" or a URL under one of the callback URL prefixes registered for this application (portal, application settings).',
    { oauthProblem: "parameter_rejected" },
  );
}

/** POST /request_token, signed with the consumer secret; optional scope=read-only in the query or form body. */
export async function createRequestToken(ctx: AuthedContext): Promise<Response> {
  const app = await prisma.application.findUniqueOrThrow({
    where: { id: ctx.auth.application.id },
    select: { legacyOAuth10: true, callbackUrlPrefixes: true },
  });
  const raw = ctx.auth.oauth.oauth_callback;
  if (!raw && !app.legacyOAuth10) {
    throw new ApiError(
      "bad_request",
      'oauth_callback is required: a URL under one of the application\'s registered callback prefixes, or "oob" to show the verifier to the user.',
      {
        oauthProblem: "parameter_absent",
      },
    );
  }
  const legacy = !raw;
  const callback = legacy ? "" : validateCallback(raw, app.callbackUrlPrefixes);
  const scope = parseScope(ctx.url.searchParams.get("scope") ?? new URLSearchParams(ctx.rawBody).get("scope") ?? undefined);
  const token = randomToken(20);
  const secret = randomToken(32);
  await prisma.requestToken.create({
    data: {
      token,
      secretEnc: encryptSecret(secret),
      applicationId: ctx.auth.application.id,
      callback,
      legacy,
      scope,
      expiresAt: new Date(Date.now() + REQUEST_TOKEN_TTL_MS),
    },
  });
  return formReply([
    ["oauth_token", token],
    ["oauth_token_secret", secret],
    // OAuth 1.0 had no callback at this step, so nothing to confirm.
    ...(legacy ? [] : ([["oauth_callback_confirmed", "true"]] as Array<[string, string]>)),
  ]);
}

/**
 * The original authorization URL (oauth/display_token.html?oauth_token=..&oauth_callback=..) names the
 * callback of a legacy request token: kept once, and only under a registered prefix. Anything else
 * is ignored; the authorization page then explains that the request cannot be answered.
 */
export async function attachLegacyCallback(token: string, callback: string): Promise<void> {
  const row = await prisma.requestToken.findUnique({ where: { token }, include: { application: true } });
  if (!row?.legacy || row.callback || !row.application.legacyOAuth10 || !callbackAllowed(callback, row.application.callbackUrlPrefixes)) return;
  await prisma.requestToken.updateMany({ where: { id: row.id, callback: "", status: "pending" }, data: { callback } });
}

export interface AuthorizationRequest {
  token: string;
  applicationName: string;
  applicationDescription: string;
  domain: string;
  scope: string;
  /** Why the request can no longer be approved, if it cannot. */
  problem?: "expired" | "already-used" | "suspended" | "no-callback";
}

/** What the authorization page shows; null when the token is unknown. */
export async function getAuthorizationRequest(token: string): Promise<AuthorizationRequest | null> {
  const row = await prisma.requestToken.findUnique({ where: { token }, include: { application: { include: { domain: true } } } });
  if (!row) return null;
  const problem = row.application.suspended
    ? "suspended"
    : row.status !== "pending"
      ? "already-used"
      : row.expiresAt.getTime() < Date.now()
        ? "expired"
        : row.legacy && !row.callback
          ? "no-callback"
          : undefined;
  return {
    token,
    applicationName: row.application.name,
    applicationDescription: row.application.description,
    domain: row.application.domain.name,
    scope: row.scope,
    problem,
  };
}

/** What is stored of a verifier: a leaked database row cannot be traded for an access token. */
const verifierHash = (verifier: string) => createHash("sha256").update(verifier).digest("hex");

export type AuthorizationOutcome = { redirectTo: string } | { verifier: string; approved: boolean };

function callbackUrl(callback: string, params: Record<string, string>): string {
  const url = new URL(callback);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

async function pendingOrThrow(token: string) {
  const row = await prisma.requestToken.findUnique({
    where: { token },
    include: { application: { include: { domain: { select: { id: true, name: true } } } } },
  });
  if (!row) throw new ApiError("not_found", "This authorization request does not exist. Start again from the application.");
  if (row.status !== "pending") throw new ApiError("conflict", "This authorization request was already answered. Start again from the application.");
  if (row.expiresAt.getTime() < Date.now())
    throw new ApiError("conflict", "This authorization request expired (they last 10 minutes). Start again from the application.");
  if (row.legacy && !row.callback)
    throw new ApiError(
      "conflict",
      "This application did not say where to send you back (or named a page it did not register). Start again from the application.",
    );
  return row;
}

/** The user signs in with its login and password and approves: the token gets a verifier. */
export async function approveAuthorization(token: string, login: string, password: string, clientAddress: string): Promise<AuthorizationOutcome> {
  const row = await pendingOrThrow(token);
  const user = await authenticateUser(row.application.domain, login, password, clientAddress);
  const verifier = randomToken(16);
  // Only a still-pending token can be approved, even if two approvals race.
  const { count } = await prisma.requestToken.updateMany({
    where: { id: row.id, status: "pending" },
    data: { status: "approved", verifier: row.legacy ? null : verifierHash(verifier), userId: user.id },
  });
  if (count !== 1) throw new ApiError("conflict", "This authorization request was already answered.");
  if (row.legacy) return { redirectTo: callbackUrl(row.callback, { oauth_token: token, oauth_approval: "approved" }) };
  return row.callback === "oob"
    ? { verifier, approved: true }
    : { redirectTo: callbackUrl(row.callback, { oauth_token: token, oauth_verifier: verifier, oauth_approval: "approved" }) };
}

export async function denyAuthorization(token: string): Promise<AuthorizationOutcome> {
  const row = await pendingOrThrow(token);
  await prisma.requestToken.updateMany({ where: { id: row.id, status: "pending" }, data: { status: "denied" } });
  return row.callback === "oob"
    ? { verifier: "", approved: false }
    : { redirectTo: callbackUrl(row.callback, { oauth_token: token, oauth_approval: "denied" }) };
}

/** POST /access_token: trades an approved request token and its verifier for an access token, once. */
export async function exchangeRequestToken(ctx: AuthedContext): Promise<Response> {
  const verifier = ctx.auth.oauth.oauth_verifier;
  const row = await prisma.requestToken.findUniqueOrThrow({
    where: { id: ctx.auth.requestTokenId! },
    include: { application: { select: { legacyOAuth10: true } } },
  });
  // OAuth 1.0 (legacy tokens, while the application still allows that flow): approval alone is enough.
  const legacy = row.legacy && row.application.legacyOAuth10;
  if (!verifier && !legacy)
    throw new ApiError(
      "bad_request",
      "oauth_verifier is required: send the verifier the user was shown, or that the callback received, after approving the request token.",
      { oauthProblem: "parameter_absent" },
    );
  if (row.expiresAt.getTime() < Date.now()) {
    throw new ApiError("unauthorized", "The request token expired (10 minutes). Start the authorization again.", { oauthProblem: "token_expired" });
  }
  if (row.status !== "approved" || !row.userId || (!legacy && (!row.verifier || !safeEqual(row.verifier, verifierHash(verifier!))))) {
    throw new ApiError("unauthorized", "The request token is not approved, was already used, or the verifier is wrong.", {
      oauthProblem: row.status === "used" ? "token_used" : "verifier_invalid",
    });
  }
  const userId = row.userId;
  const issued = await prisma.$transaction(async (tx) => {
    const { count } = await tx.requestToken.updateMany({ where: { id: row.id, status: "approved" }, data: { status: "used" } });
    if (count !== 1) throw new ApiError("unauthorized", "The request token was already used.", { oauthProblem: "token_used" });
    return issueAccessToken({ userId, applicationId: row.applicationId, scope: parseScope(row.scope), createdWith: "oauth" }, tx);
  });
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId } });
  return formReply([
    ["oauth_token", issued.token],
    ["oauth_token_secret", issued.secret],
    ["user_guid", user.id],
    ["user", `${ctx.auth.domain.name}:${user.login}`],
  ]);
}
