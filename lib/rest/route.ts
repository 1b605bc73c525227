import { ApiError } from "@/lib/errors/api-error";
import { allowHeader, type Contract } from "./contract";
import { isTunnelRequest, parseCallbackId, tunnelAnswer, tunnelledRequest } from "./json-tunnel";
import { respondWithError, type Operation, type RestOperation, type RouteParams } from "./operation";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

/**
 * The exports of one route file, from the operations declared for its path: each contract's method,
 * HEAD from GET (verified as HEAD, body dropped), OPTIONS with Allow, and 405 + the exact Allow for
 * the rest. Route files are one statement:
 *   export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(operation(contract, handler), ...);
 */
export function restRoute(...operations: Operation[]): Record<Method, RestOperation> & { contracts: Contract[] } {
  const paths = new Set(operations.map((op) => op.contract.path));
  if (paths.size !== 1) throw new Error(`restRoute takes the operations of one path; got ${[...paths].join(", ")}`);
  const allow = allowHeader(operations.map((op) => op.contract.method));
  const notAllowed: RestOperation = async (request) =>
    respondWithError(
      request,
      new ApiError("method_not_allowed", `${request.method} is not allowed here. Allowed methods: ${allow}.`, { headers: { Allow: allow } }),
    );
  const table = Object.fromEntries(METHODS.map((m) => [m, notAllowed])) as Record<Method, RestOperation>;
  for (const op of operations) table[op.contract.method] = op;
  if (table.GET !== notAllowed) table.HEAD = table.GET;
  table.OPTIONS = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  table.GET = withTunnel(table.GET, (method) => table[method as Method] ?? notAllowed);
  return Object.assign(table, { contracts: operations.map((op) => op.contract) });
}

/** Every method answers with the same function (catch-all routes: unknown paths and versions). */
export function anyMethod(run: RestOperation): Record<Method, RestOperation> {
  return { ...(Object.fromEntries(METHODS.map((m) => [m, run])) as Record<Method, RestOperation>), GET: withTunnel(run, () => run) };
}

/**
 * The original JavaScript library's tunnel (lib/rest/json-tunnel.ts): a GET with w=JS is run as the
 * request it describes, through that method's operation (OAuth verified as for a direct request), and
 * answered as text/javascript. Only a bad callback id cannot be answered as JavaScript.
 */
function withTunnel(get: RestOperation, operationFor: (method: string) => RestOperation): RestOperation {
  return async (request: Request, route?: RouteParams) => {
    if (!isTunnelRequest(request)) return get(request, route);
    let callbackId: string;
    try {
      callbackId = parseCallbackId(new URL(request.url).searchParams.get("c"));
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

