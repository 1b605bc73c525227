import { randomBytes } from "node:crypto";
import { PROBLEM_MEMBERS, type ApiError } from "@/lib/core/errors/api-error";
import { REST_PREFIX } from "@/lib/core/urls";

export function jsonResponse(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * RFC 9457 problem body; `type` points at the error table in the API docs. `origin` is the answer's
 * (requestOrigin), so the realm and the type name the host the client called. Extra members never
 * replace the problem's own (a leg's status is legStatus).
 */
export function problemResponse(error: ApiError, requestId: string, origin: string): Response {
  const { oauthProblem, oauthParams, headers, extra, challenge, retryAfter, location } = error.options;
  const responseHeaders: Record<string, string> = {
    ...headers,
    ...(retryAfter === undefined ? {} : { "Retry-After": String(retryAfter) }),
    ...(location === undefined ? {} : { Location: location }),
  };
  // A problem's Location (a call that did not connect) is absolute like a 201's: the same origin.
  if (responseHeaders.Location?.startsWith("/")) responseHeaders.Location = `${origin}${responseHeaders.Location}`;
  if (error.status === 401) {
    // RFC 5849 + OAuth Problem Reporting: every 401 names the realm and, when known, the problem.
    const params = challenge ? challenge.params : { ...(oauthProblem ? { oauth_problem: oauthProblem } : {}), ...oauthParams };
    const parts = [`realm="${origin}${REST_PREFIX}"`, ...Object.entries(params).map(([k, v]) => `${k}="${v}"`)];
    responseHeaders["WWW-Authenticate"] = `${challenge?.scheme ?? "OAuth"} ${parts.join(", ")}`;
  }
  const reserved = new Set<string>(PROBLEM_MEMBERS);
  const body = {
    type: `${origin}/docs/api#error-${error.code}`,
    title: error.title,
    status: error.status,
    detail: error.message,
    code: error.code,
    requestId,
    ...(oauthProblem ? { oauthProblem } : {}),
    ...Object.fromEntries(Object.entries(extra ?? {}).filter(([member]) => !reserved.has(member))),
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
