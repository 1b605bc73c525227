import { Prisma } from "@prisma/client";
import type { z } from "zod";
import { config } from "@/lib/config";
import { log } from "@/lib/log";
import { ApiError } from "./api-error";
import { authenticate, type AuthMode } from "./authenticate";
import type { AuthedContext, RestContext } from "./context";
import { PAGE } from "./list-query";
import { readBodyText } from "./request-body";
import { isAccepted, isCreated, jsonResponse, problemResponse, requestIdFor, restUrl } from "./responses";

export type RouteParams = { params: Promise<Record<string, string | string[]>> };
/** What route files export: a plain function of the Web Request, independent of Next. */
export type RestOperation = (request: Request, route?: RouteParams) => Promise<Response>;

export interface WithRestOptions<A extends AuthMode> {
  /** "none": public; "application": any signed request; "user": a request signed with a user's token. */
  auth: A;
  /** See AuthenticateInput.readOnlyTokenAllowed. */
  readOnlyTokenAllowed?: boolean;
}

type ContextFor<A extends AuthMode> = A extends "none" ? RestContext : AuthedContext;
type Handler<A extends AuthMode> = (request: Request, ctx: ContextFor<A>) => Promise<unknown>;

/**
 * Wraps one REST operation: reads the body (size-limited), authenticates, builds the context,
 * shapes the success response by method (spec "Response rules by method") and turns any thrown
 * error into a problem+json response. Handlers return data, never Responses (except raw downloads).
 *   GET    -> value: 200 {entry: value}; a toPage() result: 200 with the paging fields
 *   POST   -> created(path, entry?): 201 + Location; a value: 200 {entry}
 *   PUT    -> value: 200 {entry}; undefined: 204
 *   DELETE -> undefined: 204; accepted(): 202
 */
export function withRest<A extends AuthMode>(handler: Handler<A>, options: WithRestOptions<A>): RestOperation {
  return async (request, route) => {
    const requestId = requestIdFor(request);
    let response: Response;
    try {
      const url = new URL(request.url);
      const rawBody = await readBodyText(request, config().MAX_BODY_BYTES);
      const auth = await authenticate({ request, url, rawBody, mode: options.auth, readOnlyTokenAllowed: options.readOnlyTokenAllowed });
      const ctx: RestContext = {
        requestId,
        url,
        params: await routeParams(route),
        rawBody,
        auth,
        json: (schema) => parseJsonBody(request, rawBody, schema),
      };
      const result = await handler(request, ctx as ContextFor<A>);
      response = result instanceof Response ? result : toResponse(request.method, result);
    } catch (error) {
      response = errorResponse(error, requestId, request);
    }
    response.headers.set("X-Request-Id", requestId);
    return response;
  };
}

async function routeParams(route?: RouteParams): Promise<Record<string, string>> {
  const raw = (route ? await route.params : undefined) ?? {};
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
}

function parseJsonBody<S extends z.ZodType>(request: Request, rawBody: string, schema: S): z.infer<S> {
  const type = request.headers.get("content-type") ?? "";
  if (rawBody && type && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new ApiError("unsupported_media_type", `Send the body as JSON with Content-Type: application/json (got ${type}).`);
  }
  let value: unknown;
  try {
    value = rawBody === "" ? undefined : JSON.parse(rawBody);
  } catch (error) {
    throw new ApiError("invalid_json", `The body is not valid JSON: ${(error as Error).message}`);
  }
  if (value === undefined) throw new ApiError("invalid_json", "This request needs a JSON body.");
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = result.error.issues.map((i) => ({ field: i.path.join(".") || "(body)", message: i.message }));
    throw new ApiError("validation_failed", errors.map((e) => `${e.field}: ${e.message}`).join("; "), { extra: { errors } });
  }
  return result.data;
}

function toResponse(method: string, result: unknown): Response {
  if (isCreated(result)) {
    const location = restUrl(result.path);
    return result.entry === undefined
      ? new Response(null, { status: 201, headers: { Location: location } })
      : jsonResponse({ entry: result.entry }, 201, { Location: location });
  }
  if (isAccepted(result)) {
    return result.entry === undefined ? new Response(null, { status: 202 }) : jsonResponse({ entry: result.entry }, 202);
  }
  if (result === undefined) {
    if (method === "GET") throw new Error("A GET handler returned nothing");
    return new Response(null, { status: 204 });
  }
  if (typeof result === "object" && result !== null && PAGE in result) return jsonResponse(result, 200);
  return jsonResponse({ entry: result }, 200);
}

function errorResponse(error: unknown, requestId: string, request: Request): Response {
  const known = asApiError(error);
  if (known) return problemResponse(known, requestId);
  // Unknown: log everything under the request id, show nothing of it to the client.
  log.error("unhandled error", {
    requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    error: error instanceof Error ? error.stack : String(error),
  });
  return problemResponse(
    new ApiError("internal_error", `Something went wrong on our side. If it persists, report request id ${requestId}.`),
    requestId,
  );
}

/** ApiErrors as they are; the database errors a client can cause, mapped to their meaning. */
function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return new ApiError("conflict", "Resource already exists.");
    if (error.code === "P2025") return new ApiError("not_found", "The resource was not found.");
  }
  return undefined;
}
