import { ApiError } from "@/lib/core/errors/api-error";
import { allowHeader } from "@/lib/http/rest/contract";
import { bodyTooLarge } from "@/lib/http/rest/request-body";
import type { Contract } from "@/lib/http/rest/contract";
import { REST_PREFIX } from "@/lib/core/urls";

// Requests that Next.js cannot even turn into a Request object (it answers them with a bare 500 or
// 400 before any route runs): refused here, in front of it, with the API's own problem responses.

/** Methods the WHATWG Request constructor refuses outright. */
const FORBIDDEN_METHODS = new Set(["TRACE", "TRACK", "CONNECT"]);
const STANDARD_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** What portal pages answer (pages, server actions, preflight). */
const PORTAL_ALLOW = "GET, HEAD, POST, OPTIONS";

interface RouteTable {
  contracts: Contract[];
  templates: Array<{ path: string; pattern: RegExp; params: number }>;
}

let routeTable: Promise<RouteTable> | undefined;

/**
 * The REST paths, from the contracts, loaded on first use: only rare refusals (an unknown method on
 * a REST path, a body declared past the limit) need them, and every contract with its zod schemas
 * and the modules behind them cost the HTTP server tens of MB from its start (docs/decisions.md, "Footprint").
 */
function routes(): Promise<RouteTable> {
  routeTable ??= import("./operations").then(({ allContracts }) => ({
    contracts: allContracts,
    templates: [...new Set(allContracts.map((c) => c.path))]
      .map((path) => ({
        path,
        // A literal "@" (GET /devices/@purpose) may arrive percent-encoded.
        pattern: new RegExp(
          `^${path
            .replace(/[.]/g, "\\.")
            .replace(/@/g, "(?:@|%40)")
            .replace(/\{\w+\}/g, "[^/]+")}/?$`,
        ),
        params: (path.match(/\{/g) ?? []).length,
      }))
      // A static segment wins over a parameter (/apps/{appId}/events/test before .../{eventId}).
      .sort((a, b) => a.params - b.params),
  }));
  return routeTable;
}

/** The Allow header of a REST path, from the contracts; undefined when no operation has that path. */
export async function allowForRestPath(restPath: string): Promise<string | undefined> {
  const { contracts, templates } = await routes();
  const match = templates.find((t) => t.pattern.test(restPath));
  return match && allowHeader(contracts.filter((c) => c.path === match.path).map((c) => c.method));
}

export interface RawRequest {
  method: string;
  /** The request target as sent: "/rest/1.0/users?x=1", or "*". */
  target: string;
  /** Alternating names and values, as Node's IncomingMessage.rawHeaders. */
  rawHeaders: string[];
}

/**
 * Why a request cannot be served, as the API error to answer with; undefined when it is fine. A
 * promise only when the answer needs the REST paths (an unknown method on a REST path).
 */
export function refusalOf({ method, target, rawHeaders }: RawRequest): ApiError | undefined | Promise<ApiError> {
  if (target === "*") {
    return method === "OPTIONS"
      ? undefined
      : new ApiError("bad_request", `"${method} *" is not a request for a resource. Request a path such as /rest/1.0/users.`);
  }
  const pathname = target.split("?")[0]!;
  try {
    decodeURIComponent(pathname);
  } catch {
    return new ApiError("bad_request", "The path is not valid percent-encoded UTF-8. Encode each byte of a non-ASCII character as %XX.");
  }
  const authorizations = rawHeaders.filter((_, i) => i % 2 === 0 && rawHeaders[i]!.toLowerCase() === "authorization").length;
  if (authorizations > 1) {
    return new ApiError("bad_request", "Send exactly one Authorization header; this request has several.", { oauthProblem: "parameter_rejected" });
  }
  if (STANDARD_METHODS.has(method)) return undefined;
  if (!pathname.startsWith("/rest/")) {
    // Portal pages: Next.js answers other unknown methods with its own 400.
    return FORBIDDEN_METHODS.has(method)
      ? new ApiError("method_not_allowed", `${method} is not allowed on portal pages. Allowed methods: ${PORTAL_ALLOW}.`, {
          headers: { Allow: PORTAL_ALLOW },
        })
      : undefined;
  }
  return (pathname.startsWith(`${REST_PREFIX}/`) ? allowForRestPath(pathname.slice(REST_PREFIX.length)) : Promise.resolve(undefined)).then((allow) =>
    allow
      ? new ApiError("method_not_allowed", `${method} is not allowed here. Allowed methods: ${allow}.`, { headers: { Allow: allow } })
      : new ApiError("not_found", `No resource matches ${pathname}. See the API reference at /docs/api.`),
  );
}

/** Whether the server answers OPTIONS * itself (the asterisk form asks about the server, not a resource). */
export const isServerWideOptions = ({ method, target }: RawRequest) => method === "OPTIONS" && target === "*";

/**
 * A REST request whose declared Content-Length is past `limit` and whose operation reads the body
 * whole (media uploads stream theirs, with their own limit): refused before a byte of it is read,
 * so oversized bodies cost no memory (issue 27, item 9). Chunked bodies are counted as they stream
 * (lib/http/rest/request-body.ts). Undefined at once for a body within the limit; a promise (of the
 * refusal, or undefined for a streamed upload) for one declared past it on a REST path.
 */
export function oversizedBody({ method, target, rawHeaders }: RawRequest, limit: number): Promise<ApiError | undefined> | undefined {
  const lengths = rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1]!.toLowerCase() === "content-length");
  const declared = Number(lengths[0] ?? "NaN");
  if (!(declared > limit)) return undefined;
  const pathname = target.split("?")[0]!;
  if (!pathname.startsWith(`${REST_PREFIX}/`)) return undefined;
  const restPath = pathname.slice(REST_PREFIX.length);
  return routes().then(({ contracts, templates }) => {
    const match = templates.find((t) => t.pattern.test(restPath));
    if (match && contracts.some((c) => c.path === match.path && c.method === method && c.streamsBody)) return undefined;
    return bodyTooLarge(limit);
  });
}
