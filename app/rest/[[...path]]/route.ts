import { ApiError } from "@/lib/core/errors/api-error";
import { respondWithError } from "@/lib/http/operation/operation";
import { SUPPORTED_VERSIONS } from "@/lib/core/urls";
import { anyMethod } from "@/lib/http/operation/route";

// /rest, /rest/1.0 and /rest/<unknown version>/...: name the versions that exist.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = anyMethod(async (request) => {
  const { pathname } = new URL(request.url);
  const version = pathname.split("/")[2] ?? "";
  const error = SUPPORTED_VERSIONS.includes(version)
    ? new ApiError("not_found", `No resource matches ${pathname}. See the API reference at /docs/api.`)
    : new ApiError(
        "not_found",
        `API version "${version}" does not exist. Available versions: ${SUPPORTED_VERSIONS.join(", ")} (e.g. /rest/1.0/...).`,
        {
          extra: { versions: SUPPORTED_VERSIONS },
        },
      );
  return respondWithError(request, error);
});
