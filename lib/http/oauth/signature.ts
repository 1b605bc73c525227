// RFC 5849 HMAC-SHA1 signatures, the body hash extension, and timestamp checks.

import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/core/errors/api-error";
import { percentEncode } from "@/lib/http/oauth/percent-encode";
import type { ParamPair } from "@/lib/http/oauth/params";

/**
 * The base string URI (RFC 5849 3.4.1.2): lowercase scheme and host, default port dropped, path kept,
 * no query or fragment. `publicOrigin` replaces scheme/host/port so X-Forwarded-* need not be trusted.
 */
export function baseStringUri(requestUrl: string | URL, publicOrigin?: string): string {
  const url = typeof requestUrl === "string" ? new URL(requestUrl) : requestUrl;
  const origin = publicOrigin ? new URL(publicOrigin) : url;
  const scheme = origin.protocol.replace(/:$/, "").toLowerCase();
  if (scheme !== "http" && scheme !== "https") {
    throw new Error(`OAuth base string URI needs an http or https origin, got ${JSON.stringify(origin.href)}`);
  }
  // WHATWG URL reports an empty port when it is the scheme's default (80 for http, 443 for https).
  const port = origin.port ? `:${origin.port}` : "";
  return `${scheme}://${origin.hostname.toLowerCase()}${port}${url.pathname || "/"}`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNameThenValue = (a: readonly [string, string], b: readonly [string, string]) => compare(a[0], b[0]) || compare(a[1], b[1]);

/** RFC 5849 3.4.1.3.2: encode, sort by name then value (byte order), join with "&". */
export function normalizeParameters(pairs: readonly ParamPair[]): string {
  // Encoded strings are pure ASCII, so UTF-16 code unit comparison is byte order.
  return pairs
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(byNameThenValue)
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** RFC 5849 3.4.1.1: METHOD&enc(base string URI)&enc(normalized parameters). */
export function signatureBaseString(method: string, baseUri: string, pairs: readonly ParamPair[]): string {
  return [method.toUpperCase(), baseUri, normalizeParameters(pairs)].map(percentEncode).join("&");
}

/**
 * The original client libraries' base string: the parameters sorted by name and joined as
 * name=value with each value exactly as the library sent it (not percent-encoded; a query value as
 * written in the URL), then that joined string encoded once. Accepted beside RFC 5849's, nothing looser.
 */
export function legacyBaseString(method: string, baseUri: string, rawPairs: readonly ParamPair[]): string {
  const joined = [...rawPairs]
    .sort(byNameThenValue)
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  return [method.toUpperCase(), baseUri, joined].map(percentEncode).join("&");
}

/**
 * Which base string the signature matches: RFC 5849's, the original libraries' (raw values), or none.
 * Both are always computed, so the timing does not tell which one was tried.
 */
export function matchSignature(
  method: string,
  baseUri: string,
  params: { all: readonly ParamPair[]; legacy: { all: readonly ParamPair[] } },
  signature: string,
  consumerSecret: string,
  tokenSecret = "",
): "rfc" | "legacy" | null {
  // The legacy form only when RFC 5849's fails: every modern client pays for one HMAC, not two.
  if (safeEqual(hmacSha1(signatureBaseString(method, baseUri, params.all), consumerSecret, tokenSecret), signature)) return "rfc";
  return safeEqual(hmacSha1(legacyBaseString(method, baseUri, params.legacy.all), consumerSecret, tokenSecret), signature) ? "legacy" : null;
}

/** The HMAC key: enc(consumer secret)&enc(token secret); the "&" is present even when a secret is empty. */
export function signingKey(consumerSecret: string, tokenSecret = ""): string {
  return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
}

/** The oauth_signature value for HMAC-SHA1 (base64). */
export function hmacSha1(baseString: string, consumerSecret: string, tokenSecret = ""): string {
  return createHmac("sha1", signingKey(consumerSecret, tokenSecret)).update(baseString, "utf8").digest("base64");
}

/** oauth_body_hash (OAuth Request Body Hash extension): base64 SHA-1 of the raw body bytes. */
export function bodyHash(rawBody: string | Uint8Array): string {
  return createHash("sha1").update(rawBody).digest("base64");
}

/** xoauth_body_signature: base64 HMAC-SHA1 of the raw body with the request signing key (legacy SDKs). */
export function xoauthBodySignature(rawBody: string | Uint8Array, consumerSecret: string, tokenSecret = ""): string {
  return createHmac("sha1", signingKey(consumerSecret, tokenSecret)).update(rawBody).digest("base64");
}

/** Constant-time string comparison; hashing first makes the comparison independent of the lengths. */
export function safeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b));
}

const MILLISECONDS_THRESHOLD = 1e11;

/** Parses oauth_timestamp as whole seconds; values above 10^11 are milliseconds (Date.getTime()). */
export function timestampSeconds(raw: string): number {
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value)) {
    throw new ApiError("bad_request", "oauth_timestamp must be a positive whole number of seconds since 1970-01-01T00:00:00Z.", {
      oauthProblem: "parameter_rejected",
      extra: { parameter: "oauth_timestamp" },
    });
  }
  return value > MILLISECONDS_THRESHOLD ? Math.floor(value / 1000) : value;
}

/** Refuses timestamps more than `windowSeconds` away from the server clock. */
export function checkTimestamp(seconds: number, nowSeconds: number, windowSeconds = 600): void {
  const now = Math.floor(nowSeconds);
  if (Math.abs(seconds - now) <= windowSeconds) return;
  const earliest = now - windowSeconds;
  const latest = now + windowSeconds;
  throw new ApiError(
    "unauthorized",
    `oauth_timestamp ${seconds} is more than ${windowSeconds} seconds away from the server time ${now}. ` +
      "Synchronize your clock (e.g. with NTP) and sign the request again; " +
      `accepted timestamps are ${earliest}-${latest}.`,
    { oauthProblem: "timestamp_refused", oauthParams: { oauth_acceptable_timestamps: `${earliest}-${latest}` } },
  );
}
