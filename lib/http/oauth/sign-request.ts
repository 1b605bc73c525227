// Client-side OAuth 1.0a HMAC-SHA1 signing, shared by the tests, the portal's API console and the CLI.

import { randomBytes } from "node:crypto";
import { percentEncode } from "@/lib/http/oauth/percent-encode";
import { LEGACY_ENCODED_IN_HEADER, parseQueryPairs, splitRawPairs, type ParamPair } from "@/lib/http/oauth/params";
import { baseStringUri, bodyHash, hmacSha1, legacyBaseString, signatureBaseString, xoauthBodySignature } from "@/lib/http/oauth/signature";

export interface SignRequestInput {
  method: string;
  /** Absolute URL; its query parameters are signed. */
  url: string;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  /** A raw (e.g. JSON) body, covered by oauth_body_hash or xoauth_body_signature. */
  body?: string;
  /** An application/x-www-form-urlencoded body; its parameters are signed. Send it as formBodyString(formBody). */
  formBody?: Record<string, string>;
  /** Signed and sent in the header, e.g. oauth_callback, oauth_verifier, x_auth_username. May override defaults. */
  extraOAuthParams?: Record<string, string>;
  bodySigning?: "oauth_body_hash" | "xoauth_body_signature";
  /** Seconds since the epoch; defaults to now. */
  timestamp?: number;
  nonce?: string;
  realm?: string;
}

export interface SignedRequest {
  /** The Authorization header value. */
  authorization: string;
  /** Every header parameter (decoded), including oauth_signature. */
  params: Record<string, string>;
  /** The signature base string, for display in the API console and for debugging. */
  baseString: string;
}

export function signRequest(input: SignRequestInput): SignedRequest {
  if (input.body !== undefined && input.formBody !== undefined) {
    throw new Error("signRequest: pass either body or formBody, not both.");
  }
  if (input.extraOAuthParams && "oauth_signature" in input.extraOAuthParams) {
    throw new Error("signRequest: oauth_signature is computed, it cannot be passed in extraOAuthParams.");
  }
  const tokenSecret = input.tokenSecret ?? "";

  const params: Record<string, string> = {
    oauth_consumer_key: input.consumerKey,
    ...(input.token !== undefined ? { oauth_token: input.token } : {}),
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(input.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_nonce: input.nonce ?? randomBytes(16).toString("hex"),
    oauth_version: "1.0",
  };
  if (input.body !== undefined) {
    if (input.bodySigning === "xoauth_body_signature") {
      params.xoauth_body_signature = xoauthBodySignature(input.body, input.consumerSecret, tokenSecret);
      params.xoauth_body_signature_method = "HMAC-SHA1";
    } else {
      params.oauth_body_hash = bodyHash(input.body);
    }
  }
  Object.assign(params, input.extraOAuthParams);

  const url = new URL(input.url);
  const pairs: ParamPair[] = [...Object.entries(params), ...parseQueryPairs(url.search), ...Object.entries(input.formBody ?? {})];
  const baseString = signatureBaseString(input.method, baseStringUri(url), pairs);
  params.oauth_signature = hmacSha1(baseString, input.consumerSecret, tokenSecret);

  const parts = Object.entries(params).map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`);
  if (input.realm !== undefined) parts.unshift(`realm="${input.realm.replace(/["\\]/g, "\\$&")}"`);
  return { authorization: `OAuth ${parts.join(", ")}`, params, baseString };
}

/** Serializes a form body exactly as it was signed (RFC 3986 encoding, "%20" for space). */
export function formBodyString(formBody: Record<string, string>): string {
  return Object.entries(formBody)
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join("&");
}

export interface SignLegacyRequestInput extends Pick<
  SignRequestInput,
  "method" | "consumerKey" | "consumerSecret" | "token" | "tokenSecret" | "body" | "extraOAuthParams" | "nonce"
> {
  /** The URL as the original library writes it: query values raw, only "@" and "," pre-encoded (%40, %2C). */
  url: string;
  /** Milliseconds since the epoch, as the library sends it; defaults to now. */
  timestampMs?: number;
}

/**
 * Signs as the original JavaScript library 1.6.1 does, byte for byte (e2e/vectors/ribbit-js-1.6.1.json,
 * for tests and the CLI): millisecond timestamps, no oauth_version, the realm http://oauth.ribbit.com
 * percent-encoded, values raw in the base string (legacyBaseString), a POST or PUT covered by
 * xoauth_body_signature (of the empty body when there is none, as at login), and in the header
 * oauth_signature and xoauth_body_signature percent-encoded while x_auth_* and the rest stay raw.
 */
export function signLegacyRequest(input: SignLegacyRequestInput): SignedRequest {
  const tokenSecret = input.tokenSecret ?? "";
  const signsBody = input.body !== undefined || /^(POST|PUT)$/i.test(input.method);
  const extra = Object.entries(input.extraOAuthParams ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  const params: Record<string, string> = {
    oauth_consumer_key: input.consumerKey,
    oauth_signature_method: "HMAC-SHA1",
    oauth_timestamp: String(input.timestampMs ?? Date.now()),
    oauth_nonce: input.nonce ?? randomBytes(16).toString("hex"),
  };
  const afterSignature: Record<string, string> = {
    ...(input.token !== undefined ? { oauth_token: input.token } : {}),
    ...Object.fromEntries(extra),
    ...(signsBody
      ? { xoauth_body_signature_method: "HMAC-SHA1", xoauth_body_signature: xoauthBodySignature(input.body ?? "", input.consumerSecret, tokenSecret) }
      : {}),
  };
  const queryStart = input.url.indexOf("?");
  const rawQuery = queryStart === -1 ? "" : input.url.slice(queryStart + 1);
  const signed = [...Object.entries(params), ...Object.entries(afterSignature), ...splitRawPairs(rawQuery)];
  const baseString = legacyBaseString(input.method, baseStringUri(new URL(input.url)), signed);
  const all = { ...params, oauth_signature: hmacSha1(baseString, input.consumerSecret, tokenSecret), ...afterSignature };
  const parts = Object.entries(all).map(([name, value]) => `${name}="${LEGACY_ENCODED_IN_HEADER.has(name) ? encodeURIComponent(value) : value}"`);
  return { authorization: `OAuth realm="${encodeURIComponent("http://oauth.ribbit.com")}",${parts.join(",")}`, params: all, baseString };
}
