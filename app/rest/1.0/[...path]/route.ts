import { ApiError } from "@/lib/core/errors/api-error";
import { respondWithError } from "@/lib/http/operation/operation";
import { anyMethod } from "@/lib/http/operation/route";

// Any path under /rest/1.0 that no resource route matched.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = anyMethod(async (request) =>
  respondWithError(request, new ApiError("not_found", `No resource matches ${new URL(request.url).pathname}. See the API reference at /docs/api.`)),
);
