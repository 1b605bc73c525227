import { ApiError } from "@/lib/core/errors/api-error";
import { allowHeader, literalParams, type Contract } from "@/lib/http/rest/contract";
import { isSignedUrlRequest, isTunnelRequest, parseCallbackId, signedUrlRequest, tunnelAnswer, tunnelledRequest } from "@/lib/http/rest/json-tunnel";
import { respondWithError, type Operation, type RestOperation, type RouteParams } from "./operation";
import { withUnsignedLimit } from "./rate-limits";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];
type MethodTable = Record<Method, RestOperation>;

/** Each method of one path: its operation, HEAD from GET, OPTIONS with Allow, 405 with Allow for the rest. */
function methodTable(operations: Operation[]): MethodTable {
  const allow = allowHeader(operations.map((op) => op.contract.method));
  const notAllowed: RestOperation = withUnsignedLimit(
    async (request) =>
      respondWithError(
        request,
        new ApiError("method_not_allowed", `${request.method} is not allowed here. Allowed methods: ${allow}.`, { headers: { Allow: allow } }),
      ),
    respondWithError,
  );
  const table = Object.fromEntries(METHODS.map((m) => [m, notAllowed])) as MethodTable;
  for (const op of operations) table[op.contract.method] = op;
  if (table.GET !== notAllowed) table.HEAD = table.GET;
  table.OPTIONS = withUnsignedLimit(async () => new Response(null, { status: 204, headers: { Allow: allow } }), respondWithError);
  const signedUrl = operations.some((op) => op.contract.method === "GET" && op.contract.signedUrl);
  table.GET = withTunnel(table.GET, (method) => table[method as Method] ?? notAllowed, signedUrl);
  return table;
}

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The exports of one route file, from the operations declared for its path: each contract's method,
 * HEAD from GET (verified as HEAD, body dropped), OPTIONS with Allow, and 405 + the exact Allow for
 * the rest. Route files are one statement:
 *   export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(contract, handler), ...);
 * Operations of a literal path served by this one (contract.servedBy) answer the requests whose
 * parameters spell it, with their own methods and Allow.
 */
export function restRoute(...operations: Operation[]): MethodTable & { contracts: Contract[] } {
  const routePaths = new Set(operations.map((op) => op.contract.servedBy ?? op.contract.path));
  if (routePaths.size !== 1)
    throw new Error(`restRoute takes the operations of one path (and the literal paths it serves); got ${[...routePaths].join(", ")}`);
  const contracts = operations.map((op) => op.contract);
  const own = operations.filter((op) => !op.contract.servedBy);
  const literals = [...new Set(operations.filter((op) => op.contract.servedBy).map((op) => op.contract.path))].map((path) => {
    const ops = operations.filter((op) => op.contract.path === path);
    return { spelling: literalParams(ops[0]!.contract), table: methodTable(ops) };
  });
  const table = methodTable(own);
  if (!literals.length) return Object.assign(table, { contracts });

  const tableFor = async (route?: RouteParams): Promise<MethodTable> => {
    const params = (route ? await route.params : undefined) ?? {};
    const match = literals.find(({ spelling }) => Object.entries(spelling).every(([name, value]) => decoded(String(params[name] ?? "")) === value));
    return match?.table ?? table;
  };
  const dispatch = Object.fromEntries(
    METHODS.map((m) => [
      m,
      Object.assign(async (request: Request, route?: RouteParams) => (await tableFor(route))[m](request, route), { contracts }),
    ]),
  ) as unknown as MethodTable;
  return Object.assign(dispatch, { contracts });
}

/** Every method answers with the same function (catch-all routes: unknown paths and versions). */
export function anyMethod(unlimited: RestOperation): Record<Method, RestOperation> {
  const run = withUnsignedLimit(unlimited, respondWithError);
  return { ...(Object.fromEntries(METHODS.map((m) => [m, run])) as Record<Method, RestOperation>), GET: withTunnel(run, () => run) };
}

/**
 * The original JavaScript library's tunnel (lib/http/rest/json-tunnel.ts): a GET with w=JS is run as the
 * request it describes, through that method's operation (OAuth verified as for a direct request), and
 * answered as text/javascript. Only a bad callback id cannot be answered as JavaScript. Where the
 * GET's contract allows signed URLs, a GET with h and no w=JS is that GET, answered as it is.
 */
function withTunnel(get: RestOperation, operationFor: (method: string) => RestOperation, signedUrl = false): RestOperation {
  return async (request: Request, route?: RouteParams) => {
    // Most GETs carry no tunnel: the URL is parsed at most once here (the operation parses its own).
    if (!request.url.includes("?")) return get(request, route);
    const url = new URL(request.url);
    if (signedUrl && isSignedUrlRequest(request, url)) {
      let inner: Request;
      try {
        inner = signedUrlRequest(request);
      } catch (error) {
        return respondWithError(request, error);
      }
      return get(inner, route);
    }
    if (!isTunnelRequest(request, url)) return get(request, route);
    let callbackId: string;
    try {
      callbackId = parseCallbackId(url.searchParams.get("c"));
    } catch (error) {
      return respondWithError(request, error);
    }
    let response: Response;
    try {
      const inner = tunnelledRequest(request);
      response = await operationFor(inner.method)(inner, route);
    } catch (error) {
      response = respondWithError(request, error);
    }
    return tunnelAnswer(callbackId, response);
  };
}
