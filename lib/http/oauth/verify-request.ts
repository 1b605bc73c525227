import type { Application, Domain, RequestToken } from "@prisma/client";
import { decryptSecret } from "@/lib/core/crypto/secret-box";
import { prisma, sql } from "@/lib/core/db/client";
import { sharedRedis } from "@/lib/core/redis";
import { isStorableText } from "@/lib/core/validation";
import { ApiError, type OAuthProblem } from "@/lib/core/errors/api-error";
import { rawSearch } from "@/lib/http/rest/raw-query";
import { requestOrigin } from "@/lib/core/urls";
import { cachedAccessToken, cachedApplication, type CachedAccessToken } from "./credential-cache";
import { collectRequestParams } from "./params";
import { StreamedBodyCheck } from "./streamed-body-check";
import { baseStringUri, bodyHash, checkTimestamp, matchSignature, safeEqual, timestampSeconds, xoauthBodySignature } from "./signature";

// Verifies an incoming request per RFC 5849 (HMAC-SHA1) plus the Body Hash extension and the
// original SDKs' xoauth_body_signature. Unknown consumers and tokens take the same path as known
// ones (a dummy secret is signed with), so timing does not tell them apart.

export const TIMESTAMP_WINDOW_SECONDS = 600;
const REQUIRED = ["oauth_consumer_key", "oauth_signature_method", "oauth_signature", "oauth_timestamp", "oauth_nonce"];
const DUMMY_SECRET = "dummy-secret-for-constant-time-path";

/** Which token the request may carry: none (consumer only), an access token, or a request token. */
export type TokenKind = "none" | "request" | "access-optional";

export interface VerifiedRequest {
  application: Application & { domain: Domain };
  consumerSecret: string;
  accessToken: CachedAccessToken;
  requestToken: RequestToken | null;
  /** Every oauth_*, xoauth_* and x_auth_* parameter of the request. */
  oauth: Record<string, string>;
  /** A streamed body's hash, to check while the handler reads the body. */
  bodyCheck?: StreamedBodyCheck;
}

export interface VerifyInput {
  request: Request;
  url: URL;
  rawBody: string;
  tokenKind: TokenKind;
  /** The body is not read yet (rawBody is empty): a sent hash becomes a bodyCheck. */
  streamedBody?: boolean;
  /**
   * A signed media URL (?h=): the same signature may be used again until its timestamp leaves the
   * window, since an <audio> element refetches its src (Range) to seek. docs/media.md.
   */
  replayable?: boolean;
}

const unauthorized = (problem: OAuthProblem, detail: string, oauthParams?: Record<string, string>) =>
  new ApiError("unauthorized", detail, { oauthProblem: problem, oauthParams });

/** What the signature covers, as this server reads it from a request: its parameters and base string URI. */
export function signedParts(request: Request, url: URL, rawBody: string) {
  const isForm = /^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "");
  // The query as sent: the original libraries' base string takes its values as written.
  const collected = collectRequestParams({
    authorization: request.headers.get("authorization"),
    rawQuery: rawSearch(request, url),
    formBody: isForm ? rawBody : null,
  });
  return { isForm, collected, baseUri: baseStringUri(url, requestOrigin(request)) };
}

export async function verifyOAuthRequest({ request, url, rawBody, tokenKind, streamedBody, replayable }: VerifyInput): Promise<VerifiedRequest> {
  const { isForm, collected, baseUri } = signedParts(request, url, rawBody);
  let { oauth } = collected;

  if (!oauth.oauth_consumer_key && !oauth.oauth_signature) {
    throw unauthorized(
      "parameter_absent",
      "This request needs OAuth 1.0a credentials: sign it with your application's consumer key and secret (HMAC-SHA1).",
      { oauth_parameters_absent: REQUIRED.join("&") },
    );
  }
  const unreadable = Object.keys(oauth).find((name) => !isStorableText(oauth[name]!));
  if (unreadable) {
    throw new ApiError("bad_request", `The OAuth parameter ${unreadable} holds a NUL character or invalid text.`, {
      oauthProblem: "parameter_rejected",
    });
  }
  const absent = REQUIRED.filter((name) => !oauth[name]);
  if (tokenKind === "request" && !oauth.oauth_token) absent.push("oauth_token");
  if (absent.length) {
    throw new ApiError("bad_request", `Missing OAuth parameter(s): ${absent.join(", ")}.`, {
      oauthProblem: "parameter_absent",
      oauthParams: { oauth_parameters_absent: absent.join("&") },
    });
  }
  if (oauth.oauth_signature_method !== "HMAC-SHA1") {
    throw new ApiError("bad_request", `oauth_signature_method "${oauth.oauth_signature_method}" is not supported; use HMAC-SHA1.`, {
      oauthProblem: "signature_method_rejected",
    });
  }
  if (oauth.oauth_version !== undefined && oauth.oauth_version !== "1.0") {
    throw new ApiError("bad_request", `oauth_version must be 1.0 (or left out); got "${oauth.oauth_version}".`, {
      oauthProblem: "version_rejected",
      oauthParams: { oauth_acceptable_versions: "1.0-1.0" },
    });
  }
  checkTimestamp(timestampSeconds(oauth.oauth_timestamp!), Date.now() / 1000, TIMESTAMP_WINDOW_SECONDS);
  if (tokenKind === "none" && oauth.oauth_token) {
    throw new ApiError("bad_request", "This endpoint is signed with the consumer secret alone; leave out oauth_token.", {
      oauthProblem: "parameter_rejected",
    });
  }

  const application = await cachedApplication(oauth.oauth_consumer_key!);
  const consumerSecret = application?.consumerSecret ?? DUMMY_SECRET;

  let accessToken: CachedAccessToken = null;
  let requestToken: RequestToken | null = null;
  let tokenSecret = "";
  if (oauth.oauth_token && tokenKind !== "none") {
    if (tokenKind === "request") {
      requestToken = await prisma.requestToken.findUnique({ where: { token: oauth.oauth_token } });
      tokenSecret = requestToken ? decryptSecret(requestToken.secretEnc) : DUMMY_SECRET;
    } else {
      accessToken = await cachedAccessToken(oauth.oauth_token);
      tokenSecret = accessToken?.tokenSecret ?? DUMMY_SECRET;
    }
  }

  const matched = matchSignature(request.method, baseUri, collected, oauth.oauth_signature!, consumerSecret, tokenSecret);
  const signatureOk = matched !== null;
  // The values the client signed are the ones it means (an x_auth_password "50%25" is "50%25" to the old library).
  if (matched === "legacy") oauth = collected.legacy.oauth;
  const requireSigned = application?.requireSignedBodies ?? false;
  const bodyOk = streamedBody
    ? streamedBodyCheck(oauth, consumerSecret, tokenSecret, requireSigned)
    : checkBody(rawBody, isForm, oauth, consumerSecret, tokenSecret, requireSigned);

  if (!application) {
    throw unauthorized("consumer_key_unknown", "Unknown oauth_consumer_key. Copy the consumer key of your application from the portal.");
  }
  const token = tokenKind === "request" ? requestToken : accessToken;
  if (oauth.oauth_token && (!token || token.applicationId !== application.id)) {
    throw unauthorized("token_rejected", "The oauth_token is unknown or was not issued to this application. Log in again to get a new token.");
  }
  if (!signatureOk) {
    throw unauthorized(
      "signature_invalid",
      "The OAuth signature does not match. Check the consumer secret, the token secret, and that " +
        "the URL, method and parameters you signed are the ones you sent.",
    );
  }
  if (bodyOk instanceof ApiError) throw bodyOk;
  if (accessToken?.revokedAt) throw unauthorized("token_revoked", "This access token was revoked. Log in again to get a new token.");

  if (!replayable) await recordNonce(application.consumerKey, oauth.oauth_token ?? "", oauth.oauth_nonce!);
  return { application, consumerSecret, accessToken, requestToken, oauth, bodyCheck: bodyOk === true ? undefined : bodyOk };
}

/** A streamed body (media upload) is hashed while the handler reads it; nothing to check when no hash was sent. */
function streamedBodyCheck(oauth: Record<string, string>, consumerSecret: string, tokenSecret: string, requireSigned: boolean) {
  if (oauth.oauth_body_hash !== undefined) return StreamedBodyCheck.sha1(oauth.oauth_body_hash);
  if (oauth.xoauth_body_signature !== undefined) {
    if ((oauth.xoauth_body_signature_method ?? "HMAC-SHA1") !== "HMAC-SHA1")
      return unauthorized("body_hash_invalid", "xoauth_body_signature_method must be HMAC-SHA1.");
    return StreamedBodyCheck.hmacSha1(oauth.xoauth_body_signature, consumerSecret, tokenSecret);
  }
  return requireSigned ? bodyHashMissing() : true;
}

const bodyHashMissing = () =>
  unauthorized(
    "body_hash_missing",
    "This application requires signed bodies: add oauth_body_hash (base64 SHA-1 of the body) to the signed OAuth parameters.",
  );

/**
 * RFC 5849 signs only form bodies, so a JSON body without a hash is accepted (stock OAuth libraries
 * send none). When oauth_body_hash or xoauth_body_signature is sent it must match; an application
 * with requireSignedBodies refuses an unsigned body, so it cannot be swapped in transit.
 */
function checkBody(
  rawBody: string,
  isForm: boolean,
  oauth: Record<string, string>,
  consumerSecret: string,
  tokenSecret: string,
  requireSigned: boolean,
): true | ApiError {
  const hash = oauth.oauth_body_hash;
  const legacy = oauth.xoauth_body_signature;
  if (isForm) {
    return hash === undefined
      ? true
      : new ApiError("bad_request", "oauth_body_hash must not be sent with a form-encoded body (its parameters are signed directly).", {
          oauthProblem: "parameter_rejected",
        });
  }
  if (hash !== undefined) {
    return safeEqual(bodyHash(rawBody), hash)
      ? true
      : unauthorized("body_hash_invalid", "oauth_body_hash does not match the body: sign the exact bytes you send.");
  }
  if (legacy !== undefined) {
    const method = oauth.xoauth_body_signature_method ?? "HMAC-SHA1";
    if (method !== "HMAC-SHA1") return unauthorized("body_hash_invalid", "xoauth_body_signature_method must be HMAC-SHA1.");
    return safeEqual(xoauthBodySignature(rawBody, consumerSecret, tokenSecret), legacy)
      ? true
      : unauthorized("body_hash_invalid", "xoauth_body_signature does not match the body: sign the exact bytes you send.");
  }
  return rawBody === "" || !requireSigned ? true : bodyHashMissing();
}

let lastPrune = 0;
/** A nonce matters only while its timestamp can still be accepted: 2 windows after it was seen. */
const NONCE_LIFETIME_MS = 2 * TIMESTAMP_WINDOW_SECONDS * 1000;

/**
 * Records (consumer, token, nonce) in one round trip; a second use fails, even across instances:
 * in Redis (SET NX) when REDIS_URL is set, else on the database's primary key (ON CONFLICT).
 */
async function recordNonce(consumerKey: string, token: string, nonce: string): Promise<void> {
  const redis = sharedRedis();
  const fresh = redis
    ? (await redis.set(`nonce:${consumerKey}:${token}:${nonce}`, "1", "PX", NONCE_LIFETIME_MS, "NX").catch(redisUnavailable)) === "OK"
    : (
        await sql(`INSERT INTO "OAuthNonce" ("consumerKey", "token", "nonce") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
          consumerKey,
          token,
          nonce,
        ])
      ).rowCount === 1;
  if (!fresh) throw unauthorized("nonce_used", "This oauth_nonce was already used. Use a fresh random nonce for every request.");
  const now = Date.now();
  if (!redis && now - lastPrune > 60_000) {
    lastPrune = now;
    await prisma.oAuthNonce.deleteMany({ where: { createdAt: { lt: new Date(now - NONCE_LIFETIME_MS) } } });
  }
}

/** Without the nonce store no replay can be refused, so the request is not served (503, fail closed). */
function redisUnavailable(error: Error): never {
  throw new ApiError("service_unavailable", "The replay check is unavailable right now. Retry in a few seconds.", {
    headers: { "Retry-After": "5" },
    extra: { retryAfter: 5 },
    cause: error,
  });
}
