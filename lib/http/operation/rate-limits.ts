import { clientAddress } from "@/lib/http/limits/client-address";
import { rateLimitHeaders, rateLimitRefusal, takeRequest, type RequestIdentity } from "@/lib/http/limits/request-limits";
import type { TakeResult } from "@/lib/http/limits/token-bucket";
import type { AuthContext } from "@/lib/http/rest/context";

// The REST side of the rate limits (lib/http/limits/request-limits.ts): whom a request is charged to,
// and the RateLimit-* headers on its answer.

/** A signed request is charged to its token, or to its application without one; anything else to its address. */
export function identityOf(request: Request, auth: AuthContext | null): RequestIdentity {
  if (!auth) return { kind: "unsigned", address: clientAddress(request.headers) };
  if (auth.token) return { kind: "user-token", applicationId: auth.application.id, tokenId: auth.token.id };
  return { kind: "two-legged", applicationId: auth.application.id };
}

/** Charges the request; throws the 409 refusal when a bucket is empty. */
export async function chargeRequest(request: Request, auth: AuthContext | null): Promise<TakeResult> {
  const result = await takeRequest(identityOf(request, auth));
  if (!result.allowed) throw rateLimitRefusal(result);
  return result;
}

export function setRateLimitHeaders(response: Response, result: TakeResult | undefined): void {
  if (!result) return;
  for (const [name, value] of Object.entries(rateLimitHeaders(result))) response.headers.set(name, value);
}

/** Answers without a contract (unknown paths, 405s, OPTIONS) are charged to the address too. */
export function withUnsignedLimit<Route>(
  run: (request: Request, route?: Route) => Promise<Response>,
  refuse: (request: Request, error: unknown) => Response,
): (request: Request, route?: Route) => Promise<Response> {
  return async (request, route) => {
    const result = await takeRequest(identityOf(request, null));
    const response = result.allowed ? await run(request, route) : refuse(request, rateLimitRefusal(result));
    setRateLimitHeaders(response, result);
    return response;
  };
}
