import { openApiContract } from "@/lib/health/contracts";
import { buildOpenApiDocument } from "@/lib/rest/openapi";
import { operation } from "@/lib/rest/operation";
import { jsonResponse, requestOrigin } from "@/lib/rest/responses";
import { restRoute } from "@/lib/rest/route";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoute(
  operation(openApiContract, async (ctx) => jsonResponse(buildOpenApiDocument(requestOrigin(ctx.request)), 200, { "Cache-Control": "public, max-age=60" })),
);
