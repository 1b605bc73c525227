import { ApiError } from "@/lib/rest/api-error";
import { anyMethod } from "@/lib/rest/route";
import { withRest } from "@/lib/rest/with-rest";

// Any path under /rest/1.0 that no resource route matched.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = anyMethod(
  withRest(
    async (_request, ctx) => {
      throw new ApiError("not_found", `No resource matches ${ctx.url.pathname}. See the API reference at /docs/api.`);
    },
    { auth: "none" },
  ),
);
