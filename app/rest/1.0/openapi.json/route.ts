import { openApiContract } from "@/lib/health/contracts";
import { buildOpenApiDocument } from "@/lib/registry/openapi";
import { operation } from "@/lib/http/operation/operation";
import { jsonResponse } from "@/lib/http/rest/responses";
import { requestOrigin } from "@/lib/core/urls";
import { restRoute } from "@/lib/http/operation/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(openApiContract, async (ctx) =>
    jsonResponse(buildOpenApiDocument(requestOrigin(ctx.request)), 200, { "Cache-Control": "public, max-age=60" }),
  ),
);
