import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { errorCodes, type ErrorCode } from "@/lib/core/errors/api-error";
import { isOAuthMode, type Contract } from "@/lib/http/rest/contract";
import { FILTER_OPS, MAX_COUNT } from "@/lib/http/rest/list-query";
import { allContracts } from "./operations";
import { REST_PREFIX } from "@/lib/core/urls";
import { addExamples, API_SUMMARY } from "./openapi-examples";

// The OpenAPI 3.1 document of the REST API, generated from the contracts (zod-openapi).

const problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().meta({ description: "What went wrong and what to do about it." }),
    code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
    requestId: z.string().meta({ description: "Quote it when reporting a problem; the server log has the details." }),
    oauthProblem: z.string().optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details; some codes add members (errors, parameter, retryAfter, allow)." });

const pagingQuery = z.object({
  startIndex: z.coerce.number().int().min(0).optional().meta({ description: "Index of the first result wanted (default 0)." }),
  count: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .meta({ description: `Results per page (at most ${MAX_COUNT}).` }),
});

function listQuery(contract: Contract) {
  const names = Object.keys(contract.list!);
  return pagingQuery.extend({
    filterBy: z
      .string()
      .optional()
      .meta({ description: `Property to filter on: ${names.join(", ")}. With filterOp=all, a comma-separated list of them.` }),
    filterOp: z
      .enum(FILTER_OPS)
      .optional()
      .meta({ description: "How to match (default equals); present ignores filterValue; all matches every filterBy property to its filterValue." }),
    filterValue: z.string().optional().meta({
      description:
        "Value to match. With filterOp=all, one value per property, comma-separated; a * at either end matches any text there, and an empty value anything.",
    }),
  });
}

function successContent(contract: Contract) {
  const { entry, contentType } = contract.success;
  if (contentType) return entry ? { [contentType]: { schema: entry } } : { [contentType]: { schema: z.unknown() } };
  if (!entry) return undefined;
  const body = contract.list
    ? z.object({
        startIndex: z.number().int(),
        itemsPerPage: z
          .number()
          .int()
          .optional()
          .meta({ description: "The number of entries on this page; present if and only if the request gave count." }),
        totalResults: z.number().int(),
        entry: z.array(entry),
      })
    : z.object({ entry });
  return { "application/json": { schema: body } };
}

function errorResponses(contract: Contract, baseUrl: string) {
  const statuses = new Set<number>([400, 500, 503]);
  if (isOAuthMode(contract.auth) || contract.auth === "guest-token") [401, 403].forEach((s) => statuses.add(s));
  if (contract.auth === "capability") statuses.add(403);
  if (contract.params || isOAuthMode(contract.auth)) statuses.add(404);
  if (contract.method !== "GET") statuses.add(409);
  const descriptions: Record<number, string> = {
    400: "Invalid parameter or body; the problem names each field.",
    401: "Missing or refused OAuth credentials (WWW-Authenticate names the realm and oauth_problem).",
    403: "Understood but refused: read-only token, suspended application or user.",
    404: "No such resource in the caller's domain.",
    409: "Conflict, or a limit exceeded (code limit_exceeded, with Retry-After).",
    500: "Unexpected; the body holds a request id to report.",
    503: "The database is unreachable; retry after Retry-After seconds.",
    ...MODE_DESCRIPTIONS[contract.auth],
  };
  return Object.fromEntries(
    [...statuses].map((s) => [
      String(s),
      {
        description: descriptions[s]!,
        content: { "application/problem+json": { schema: problem, example: problemExample(baseUrl, s, contract.auth) } },
      },
    ]),
  );
}

/** What the refusals mean where the credential is not OAuth. */
const MODE_DESCRIPTIONS: Partial<Record<Contract["auth"], Record<number, string>>> = {
  "guest-token": {
    401: "Missing, unknown, revoked, not yet valid or expired guest token (WWW-Authenticate: Bearer, error invalid_request or invalid_token).",
    403: "Guest calls to the token's user are turned off (suspended application or user).",
  },
  capability: {
    403: "The capability has expired (ask for a new one), or what it reaches is turned off.",
    404: "The capability names nothing: not issued by this service, or what it named is gone.",
  },
};

/** A problem as the server sends it for each status, so every error response shows a consistent one. */
const PROBLEM_EXAMPLES: Record<number, { code: ErrorCode; detail: string; oauthProblem?: string }> = {
  400: { code: "validation_failed", detail: "login must be 1 to 64 letters, digits, dots, dashes or underscores." },
  401: {
    code: "unauthorized",
    detail: "The OAuth signature does not match: check the consumer secret and the signature base string.",
    oauthProblem: "signature_invalid",
  },
  403: { code: "forbidden", detail: "This access token is read-only." },
  404: { code: "not_found", detail: "User 0b9e6c2f-5a3d-4f1e-8c7b-2d4a6e8f0a13 was not found. Check the id, and that it belongs to your domain." },
  409: { code: "limit_exceeded", detail: "Too many requests for this access token: retry after 3 seconds." },
  500: { code: "internal_error", detail: "Something went wrong on our side. Quote the request id when reporting it." },
  503: { code: "service_unavailable", detail: "The database is not reachable. Retry after 5 seconds." },
};

/** Examples of the refusals that differ where the credential is not OAuth. */
const MODE_PROBLEM_EXAMPLES: Partial<Record<Contract["auth"], Record<number, { code: ErrorCode; detail: string; oauthProblem?: string }>>> = {
  "guest-token": {
    401: { code: "guest_token_refused", detail: "This guest token is not known. Ask whoever gave it to you for a new one." },
    403: { code: "forbidden", detail: "Guest calls to this person are turned off at the moment." },
  },
  capability: {
    403: { code: "forbidden", detail: "This media link has expired: ask for a new one." },
    404: { code: "not_found", detail: "This media link was not found. Check the id, and that it belongs to your domain." },
  },
};

function problemExample(baseUrl: string, status: number, mode: Contract["auth"]) {
  const { code, detail, oauthProblem } = MODE_PROBLEM_EXAMPLES[mode]?.[status] ?? PROBLEM_EXAMPLES[status]!;
  return {
    type: `${baseUrl}/docs/api#error-${code}`,
    title: errorCodes[code].title,
    status,
    detail,
    code,
    requestId: "req_5f3a9c1e2b7dQx0A",
    ...(oauthProblem ? { oauthProblem } : {}),
  };
}

/** The curl and TypeScript examples shown under each operation. */
function examples(contract: Contract): string {
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
  const signed = isOAuthMode(contract.auth);
  const bearer = contract.auth === "guest-token";
  const example = JSON.stringify(contract.example ?? {});
  const body = contract.body ? `'${example}'` : undefined;
  const curl = [
    `curl -X ${contract.method} "$BASE_URL${REST_PREFIX}${path}"`,
    ...(signed
      ? [
          `  -H 'Authorization: OAuth oauth_consumer_key="...", oauth_nonce="...", ` +
            `oauth_signature="...", oauth_signature_method="HMAC-SHA1", oauth_timestamp="..."'`,
        ]
      : []),
    ...(bearer ? [`  -H 'Authorization: Bearer gt_...'`] : []),
    ...(body ? [`  -H 'Content-Type: application/json' -d ${body}`] : []),
  ].join(" \\\n");
  const unsignedHeaders = [...(bearer ? ["Authorization: `Bearer ${GUEST_TOKEN}`"] : []), ...(body ? [`"Content-Type": "application/json"`] : [])];
  const ts = signed
    ? [
        `import crypto from "node:crypto";`,
        `import OAuth from "oauth-1.0a";`,
        ``,
        `const oauth = new OAuth({`,
        `  consumer: { key: CONSUMER_KEY, secret: CONSUMER_SECRET },`,
        `  signature_method: "HMAC-SHA1",`,
        `  hash_function: (base, key) => crypto.createHmac("sha1", key).update(base).digest("base64"),`,
        `});`,
        `const url = \`\${BASE_URL}${REST_PREFIX}${path}\`;`,
        `const auth = oauth.toHeader(oauth.authorize({ url, method: "${contract.method}" ` +
          `}${contract.auth === "user" ? ", { key: TOKEN, secret: TOKEN_SECRET }" : ""}));`,
        `const res = await fetch(url, {`,
        `  method: "${contract.method}",`,
        `  headers: { ...auth${body ? `, "Content-Type": "application/json"` : ""} },`,
        ...(body ? [`  body: JSON.stringify(${example}),`] : []),
        `});`,
        `console.log(res.status, await res.text());`,
      ].join("\n")
    : unsignedHeaders.length || contract.method !== "GET"
      ? [
          `const res = await fetch(\`\${BASE_URL}${REST_PREFIX}${path}\`, {`,
          `  method: "${contract.method}",`,
          ...(unsignedHeaders.length ? [`  headers: { ${unsignedHeaders.join(", ")} },`] : []),
          ...(body ? [`  body: JSON.stringify(${example}),`] : []),
          `});`,
          `console.log(res.status, await res.json());`,
        ].join("\n")
      : `const res = await fetch(\`\${BASE_URL}${REST_PREFIX}${path}\`);\nconsole.log(res.status, await res.json());`;
  // The CLI and body hashes are OAuth's: a guest token's request has neither.
  const strict =
    contract.body && !bearer
      ? "\n\nAn application that requires signed bodies also sends `oauth_body_hash` (base64 SHA-1 of the exact body) among the signed OAuth parameters."
      : "";
  const cli = bearer ? "" : `\n\nOr sign and send it with the bundled CLI: \`npx switchboard ${contract.method.toLowerCase()} ${path}\`.`;
  return `${strict}\n\n**curl**\n\n\`\`\`sh\n${curl}\n\`\`\`\n\n**TypeScript**\n\n\`\`\`ts\n${ts}\n\`\`\`${cli}`;
}

/**
 * Who may call: OAuth 1.0a, a guest token (Bearer), or nobody in particular. A capability is a path
 * parameter, which no OpenAPI security scheme can name (an apiKey is in a header, the query or a
 * cookie): such an operation needs no scheme, and x-capability names the parameter that is the credential.
 */
function security(contract: Contract): Pick<ZodOpenApiOperationObject, "security"> & { "x-capability"?: { in: "path"; name: string } } {
  if (isOAuthMode(contract.auth)) return { security: [{ OAuth1: [] }] };
  if (contract.auth === "guest-token") return { security: [{ GuestToken: [] }] };
  if (contract.auth === "capability") return { security: [], "x-capability": { in: "path", name: contract.credential!.param! } };
  return { security: [] };
}

function operationObject(contract: Contract, baseUrl: string): ZodOpenApiOperationObject {
  const query = contract.list ? (contract.query ? listQuery(contract).extend(contract.query.shape) : listQuery(contract)) : contract.query;
  const content = successContent(contract);
  return {
    operationId: contract.operationId,
    summary: contract.summary,
    description: `${contract.description ?? ""}${examples(contract)}`,
    tags: [contract.tag],
    ...security(contract),
    requestParams: { ...(contract.params ? { path: contract.params } : {}), ...(query ? { query } : {}) },
    ...(contract.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: contract.body, ...(contract.example ? { example: contract.example } : {}) } },
          },
        }
      : {}),
    ...(contract.streamsBody
      ? { requestBody: { required: true, content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } } } }
      : {}),
    responses: {
      [String(contract.success.status)]: {
        description: contract.success.description,
        ...(contract.location || contract.success.pathHeaders
          ? {
              headers: z.object({
                ...(contract.location ? { Location: z.string().meta({ description: "Absolute URL of the new resource." }) } : {}),
                ...Object.fromEntries(
                  Object.keys(contract.success.pathHeaders ?? {}).map((name) => [
                    name,
                    z.string().meta({ description: `The path (under ${REST_PREFIX}) of the resource this request acted on.` }),
                  ]),
                ),
              }),
            }
          : {}),
        ...(content ? { content } : {}),
      },
      ...errorResponses(contract, baseUrl),
    },
  };
}

export function buildOpenApiDocument(baseUrl: string, contracts: Contract[] = allContracts, now = new Date()) {
  const paths: ZodOpenApiPathsObject = {};
  for (const contract of contracts) {
    paths[contract.path] = { ...paths[contract.path], [contract.method.toLowerCase()]: operationObject(contract, baseUrl) };
  }
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Switchboard REST API",
      version: "1.0",
      description: API_SUMMARY,
    },
    servers: [{ url: `${baseUrl}${REST_PREFIX}` }],
    components: {
      securitySchemes: {
        OAuth1: {
          type: "http",
          scheme: "OAuth",
          description: "OAuth 1.0a, HMAC-SHA1, in the Authorization header (or query, or form body). The realm is ignored.",
        },
        GuestToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "gt_...",
          description:
            "A guest-call token's secret (`token` in the answer of POST /tokens), for an anonymous " +
            "visitor's guest call: `Authorization: Bearer gt_...`. No OAuth.",
        },
      },
    },
    paths,
  });
  addExamples(document, contracts, now);
  return document;
}
