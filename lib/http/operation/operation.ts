import type { z } from "zod";
import { config } from "@/lib/core/config";
import { log } from "@/lib/core/log";
import { actorOf } from "@/lib/http/rest/context";
import { isStorableText } from "@/lib/core/validation";
import { ApiError, fieldError, fieldErrors } from "@/lib/core/errors/api-error";
import { replayable } from "@/lib/http/idempotency/replayable";
import { assertCredentialFits, authenticate, checkCredential } from "./authenticate";
import type { AuthedContext, GrantedContext, RestContext } from "@/lib/http/rest/context";
import { fillLocation, type Contract, type Input, type ResultOf } from "@/lib/http/rest/contract";
import { asApiError } from "@/lib/core/errors/known-errors";
import { parseListQuery, PAGE } from "@/lib/http/rest/list-query";
import { isTunnelled } from "@/lib/http/rest/json-tunnel";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "@/lib/http/rest/json-depth";
import { readBodyText } from "@/lib/http/rest/request-body";
import { chargeRequest, setRateLimitHeaders } from "./rate-limits";
import type { TakeResult } from "@/lib/http/limits/token-bucket";
import { jsonResponse, problemResponse, requestIdFor } from "@/lib/http/rest/responses";
import { isFileDownload } from "@/lib/http/rest/file-download";
import { fileResponse } from "@/lib/http/rest/file-response";
import { REST_PREFIX, requestOrigin, restUrlFor } from "@/lib/core/urls";

export type RouteParams = { params: Promise<Record<string, string | string[]>> };
/** What route files export: a plain function of the Web Request, independent of Next. */
export type RestOperation = (request: Request, route?: RouteParams) => Promise<Response>;
/** A runnable operation that still knows its contract (restRoute, the route coverage test). */
export type Operation<C extends Contract = Contract> = RestOperation & { contract: C };

type GrantOf<C extends Contract> = C["credential"] extends { verify: (credential: string) => Promise<infer Grant> } ? Grant : never;
type ContextFor<C extends Contract> = C["auth"] extends "none"
  ? RestContext
  : C["auth"] extends "guest-token" | "capability"
    ? GrantedContext<GrantOf<C>>
    : AuthedContext;
export type Handler<C extends Contract> = (ctx: ContextFor<C>, input: Input<C>) => Promise<ResultOf<C>>;

/** Query parameters every operation accepts: OAuth's own, and the original clients' tunnel (h, m, b, c, w). */
const ALWAYS_ALLOWED = /^(oauth_|xoauth_|x_auth_)|^[hmbcw]$/;
const LIST_PARAMETERS = ["startIndex", "count", "filterBy", "filterOp", "filterValue"];

/**
 * Runs one REST operation from its contract: reads the body (size-limited), authenticates, validates
 * path, query and body, calls the handler with typed input, shapes the success response from the
 * contract (or the file a handler hands out), and turns anything thrown into a problem+json
 * response. Handlers never build responses or catch errors.
 */
export function operation<const C extends Contract>(contract: C, handler: Handler<C>): Operation<C> {
  assertCredentialFits(contract);
  const run: RestOperation = async (request, route) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    let response: Response;
    let limit: TakeResult | undefined;
    try {
      const url = new URL(request.url);
      const rawBody = contract.streamsBody ? "" : await readBodyText(request, config().MAX_BODY_BYTES);
      // A request whose signature fails is charged to its address (the stricter unsigned limit).
      const auth = await authenticate({
        request,
        url,
        rawBody,
        mode: contract.auth,
        readOnlyTokenAllowed: contract.readOnlyTokenAllowed,
        requestId,
        streamedBody: contract.streamsBody,
      }).catch(async (error: unknown) => {
        limit = await chargeRequest(request, null);
        throw error;
      });
      limit = await chargeRequest(request, auth);
      const params = parseParams(contract, url, await routeParams(route)) as Record<string, unknown>;
      const input = {
        params,
        query: parseQuery(contract, url.searchParams),
        body: contract.body ? parseJsonBody(request, rawBody, contract.body) : undefined,
      } as Input<C>;
      // A guest token or capability is checked once the input is valid, where its handler checked it before it was a mode.
      const grant = await checkCredential(contract, request.headers, params);
      const ctx: RestContext = { requestId, request, url, rawBody, auth, actor: auth ? actorOf(auth) : null, grant };
      const respond = async () => {
        const result = await handler(ctx as ContextFor<C>, input);
        if (result instanceof Response) return result;
        return isFileDownload(result) ? fileResponse(request, result) : toResponse(contract, result, request, params);
      };
      response = contract.idempotent
        ? await replayable({ ...ctx, operationId: contract.operationId }, () => respond().catch((error) => errorResponse(error, requestId, request)))
        : await respond();
    } catch (error) {
      response = errorResponse(error, requestId, request);
    }
    response.headers.set("X-Request-Id", requestId);
    setRateLimitHeaders(response, limit);
    const tunnel = isTunnelled(request) ? { tunnel: true } : {};
    log.info("request", {
      requestId,
      operation: contract.operationId,
      method: request.method,
      ...tunnel,
      status: response.status,
      ms: Math.round(performance.now() - started),
    });
    if (request.method !== "HEAD") return response;
    await response.body?.cancel(); // e.g. an open media file
    return new Response(null, { status: response.status, headers: response.headers });
  };
  return Object.assign(run, { contract });
}

async function routeParams(route?: RouteParams): Promise<Record<string, string>> {
  const raw = (route ? await route.params : undefined) ?? {};
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
}

function parseParams(contract: Contract, url: URL, raw: Record<string, string>): unknown {
  if (!contract.params) return {};
  const result = contract.params.safeParse(raw);
  if (!result.success || !Object.values(raw).every(isStorableText)) {
    throw new ApiError("not_found", `No resource matches ${url.pathname}. Check the id, and that it belongs to your domain.`);
  }
  return result.data;
}

function parseQuery(contract: Contract, params: URLSearchParams): unknown {
  const declared = contract.query ? Object.keys(contract.query.shape) : [];
  const allowed = new Set([...declared, ...(contract.list ? LIST_PARAMETERS : [])]);
  const unknown = [...new Set(params.keys())].filter((name) => !allowed.has(name) && !ALWAYS_ALLOWED.test(name));
  if (unknown.length) {
    const accepted = [...allowed].join(", ") || "none besides the OAuth parameters";
    throw new ApiError("invalid_parameter", `Unsupported query parameter(s): ${unknown.join(", ")}. This operation accepts: ${accepted}.`, {
      extra: { parameter: unknown[0], parameters: unknown },
    });
  }
  for (const [name, value] of params) {
    if (!isStorableText(value))
      throw new ApiError("invalid_parameter", `${name} holds a NUL character or an unpaired surrogate; send plain text.`, {
        extra: { parameter: name },
      });
  }
  const list = contract.list ? parseListQuery(params, contract.list) : {};
  if (!contract.query) return list;
  const values = Object.fromEntries(declared.filter((k) => params.has(k)).map((k) => [k, params.get(k)]));
  return { ...list, ...validate(contract.query, values, "query") };
}

function parseJsonBody(request: Request, rawBody: string, schema: z.ZodType): unknown {
  const type = request.headers.get("content-type") ?? "";
  if (rawBody && type && !/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new ApiError("unsupported_media_type", `Send the body as JSON with Content-Type: application/json (got ${type}).`);
  }
  if (nestsDeeperThan(rawBody)) {
    throw new ApiError("invalid_json", `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  let value: unknown;
  try {
    value = rawBody === "" ? undefined : JSON.parse(rawBody);
  } catch (error) {
    throw new ApiError("invalid_json", `The body is not valid JSON: ${(error as Error).message}`);
  }
  if (value === undefined) throw new ApiError("invalid_json", "This request needs a JSON body.");
  const bad = findUnstorableText(value);
  if (bad !== undefined)
    throw fieldError(bad || "(body)", "holds a NUL character or an unpaired surrogate", {
      detail: `${bad || "(body)"}: holds a NUL character or an unpaired surrogate; send plain text.`,
    });
  return validate(schema, value, "body");
}

/** The path of the first string (or key) in a parsed JSON value that the database could not store. */
function findUnstorableText(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return isStorableText(value) ? undefined : path;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return at;
    const found = findUnstorableText(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Validates a value; a failure is a 400 listing each field and what is wrong with it. */
export function validate<S extends z.ZodType>(schema: S, value: unknown, where: "body" | "query"): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({
    field: i.path.join(".") || (where === "body" ? "(body)" : "(query)"),
    message: i.code === "unrecognized_keys" ? `unknown field(s): ${i.keys.join(", ")}` : i.message,
  }));
  throw fieldErrors(errors, {
    code: where === "body" ? "validation_failed" : "invalid_parameter",
    extra: where === "query" ? { parameter: errors[0]!.field } : {},
  });
}

/** Shapes the success response the contract declares (spec "Response rules by method"). */
function toResponse(contract: Contract, result: unknown, request: Request, params: Record<string, unknown>): Response {
  if (config().VALIDATE_RESPONSES === "true") checkResponseShape(contract, result);
  const { status } = contract.success;
  if (status === 204 || result === undefined) {
    if (status !== 204 && status !== 202) throw new Error(`${contract.operationId} returned nothing but declares ${status}`);
    return new Response(null, { status });
  }
  if (contract.list && typeof result === "object" && result !== null && PAGE in result) return jsonResponse(result, 200);
  const headers = Object.fromEntries(
    Object.entries(contract.success.pathHeaders ?? {}).map(([name, template]) => [name, `${REST_PREFIX}${fillLocation(template, result, params)}`]),
  );
  if (status === 201) {
    if (!contract.location) throw new Error(`${contract.operationId} declares 201 without a location`);
    const location = restUrlFor(request, fillLocation(contract.location, result, params));
    return jsonResponse({ entry: result }, 201, { ...headers, Location: location });
  }
  return jsonResponse({ entry: result }, status, headers);
}

/** In tests (VALIDATE_RESPONSES=true) every reply is checked against its contract, so the two cannot drift. */
function checkResponseShape(contract: Contract, result: unknown): void {
  const schema = contract.success.entry;
  if (!schema || result === undefined) return;
  const items = contract.list ? (result as { entry: unknown[] }).entry : [result];
  for (const item of items) {
    const check = schema.safeParse(item);
    if (!check.success) throw new Error(`${contract.operationId} replied outside its contract: ${check.error.message}`);
  }
}

/** For routes without a contract (catch-all 404s, 405s): any thrown error becomes its problem response. */
export function respondWithError(request: Request, error: unknown): Response {
  const requestId = requestIdFor(request);
  const response = errorResponse(error, requestId, request);
  response.headers.set("X-Request-Id", requestId);
  return response;
}

function errorResponse(error: unknown, requestId: string, request: Request): Response {
  const known = asApiError(error);
  if (known) {
    if (known.status >= 500) log.warn("request refused", { requestId, code: known.code, detail: known.message, cause: String(known.cause ?? error) });
    return problemResponse(known, requestId, requestOrigin(request));
  }
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
    requestOrigin(request),
  );
}
