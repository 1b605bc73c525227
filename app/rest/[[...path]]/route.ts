import { ApiError } from "@/lib/rest/api-error";
import { SUPPORTED_VERSIONS } from "@/lib/rest/responses";
import { anyMethod } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// /rest, /rest/1.0 and /rest/<unknown version>/...: name the versions that exist.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = anyMethod(
  withRest(
    async (_request, ctx) => {
      const version = ctx.params.path?.split("/")[0] ?? "";
      if (SUPPORTED_VERSIONS.includes(version)) {
        throw new ApiError("not_found", `No resource matches ${ctx.url.pathname}. See the API reference at /docs/api.`);
      }
      throw new ApiError(
        "not_found",
        `API version "${version}" does not exist. Available versions: ${SUPPORTED_VERSIONS.join(", ")} (e.g. /rest/1.0/...).`,
        { extra: { versions: SUPPORTED_VERSIONS } },
      );
    },
    { auth: "none" },
  ),
);
