import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import type { ApiError } from "@/lib/errors/api-error";

export const REST_PREFIX = "/rest/1.0";
export const SUPPORTED_VERSIONS = ["1.0"];

/** Absolute URL of a REST path from PUBLIC_URL (events, which have no request). */
export function restUrl(path: string): string {
  return `${config().publicUrl}${REST_PREFIX}${path}`;
}

const HOST_HEADER = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin clients sign and Location headers name: PUBLIC_URL when it is set (behind a proxy),
 * otherwise the request's own scheme, host and port, as every OAuth library signs the URL it calls.
 * X-Forwarded-* headers are never trusted.
 */
export function requestOrigin(request: Request): string {
  if (config().PUBLIC_URL) return config().publicUrl;
  const host = request.headers.get("host");
  return host && HOST_HEADER.test(host) ? `${new URL(request.url).protocol}//${host.toLowerCase()}` : config().publicUrl;
}

/** Absolute URL of a REST path as the calling client sees the service. */
export const restUrlFor = (request: Request, path: string) => `${requestOrigin(request)}${REST_PREFIX}${path}`;

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** RFC 9457 problem body; `type` points at the error table in the API docs. */
export function problemResponse(error: ApiError, requestId: string): Response {
  const { oauthProblem, oauthParams, headers, extra } = error.options;
  const responseHeaders: Record<string, string> = { ...headers };
  if (error.status === 401 && !headers?.["WWW-Authenticate"]) {
    // RFC 5849 + OAuth Problem Reporting: every 401 names the realm and, when known, the problem.
    const parts = [`realm="${config().publicUrl}${REST_PREFIX}"`];
    if (oauthProblem) parts.push(`oauth_problem="${oauthProblem}"`);
    for (const [k, v] of Object.entries(oauthParams ?? {})) parts.push(`${k}="${v}"`);
    responseHeaders["WWW-Authenticate"] = `OAuth ${parts.join(", ")}`;
  }
  const body = {
    type: `${config().publicUrl}/docs/api#error-${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.message,
    code: error.code,
    requestId,
    ...(oauthProblem ? { oauthProblem } : {}),
    ...extra,
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...responseHeaders },
  });
}

/** The client's X-Request-Id when it looks sane, otherwise a fresh one; echoed on every response. */
export function requestIdFor(request: Request): string {
  const given = request.headers.get("x-request-id");
  return given && /^[\w.-]{8,64}$/.test(given) ? given : `req_${randomBytes(12).toString("base64url")}`;
}
