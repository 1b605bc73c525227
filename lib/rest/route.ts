import { ApiError } from "./api-error";
import { withRest, type RestOperation } from "./with-rest";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];
type Operations = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", RestOperation>>;

/**
 * Completes a route's method table so every method answers: HEAD from GET, OPTIONS with Allow,
 * and 405 + an exact Allow header for the rest. Route files export the result:
 *   export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute({ GET: withRest(...) });
 */
export function restRoute(operations: Operations): Record<Method, RestOperation> {
  const allow = allowHeader(Object.keys(operations));
  const notAllowed = withRest(
    async (request) => {
      throw new ApiError("method_not_allowed", `${request.method} is not allowed here. Allowed methods: ${allow}.`, {
        headers: { Allow: allow },
      });
    },
    { auth: "none" },
  );
  const table = Object.fromEntries(METHODS.map((m) => [m, notAllowed])) as Record<Method, RestOperation>;
  Object.assign(table, operations);
  if (operations.GET) {
    const get = operations.GET;
    table.HEAD = async (request, route) => {
      const response = await get(new Request(request, { method: "GET" }), route);
      return new Response(null, { status: response.status, headers: response.headers });
    };
  }
  table.OPTIONS = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return table;
}

/** Every method answers with the same operation (catch-all routes: unknown paths and versions). */
export function anyMethod(operation: RestOperation): Record<Method, RestOperation> {
  return Object.fromEntries(METHODS.map((m) => [m, operation])) as Record<Method, RestOperation>;
}

export function allowHeader(methods: string[]): string {
  const set = new Set(methods);
  if (set.has("GET")) set.add("HEAD");
  set.add("OPTIONS");
  return METHODS.filter((m) => set.has(m)).join(", ");
}
