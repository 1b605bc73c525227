import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/core/errors/api-error";
import { defineContract, type Contract } from "@/lib/http/rest/contract";
import { fileDownload } from "@/lib/http/rest/file-download";
import { guestTokenRefused } from "@/lib/http/rest/guest-token";
import { toPage } from "@/lib/http/rest/list-query";
import { operation } from "./operation";
import { allowHeader } from "@/lib/http/rest/contract";
import { restRoute } from "./route";

// Operations are plain (Request) => Promise<Response>: called directly, no server and no database.
const thing = z.object({ id: z.number() });
const base = { tag: "Test", summary: "test", auth: "none" } as const;
const getThing = defineContract({
  ...base,
  operationId: "getThing",
  method: "GET",
  path: "/things",
  success: { status: 200, description: "", entry: thing },
});
const listThings = defineContract({
  ...base,
  operationId: "listThings",
  method: "GET",
  path: "/things",
  list: { name: { type: "string", column: "name" } },
  success: { status: 200, description: "", entry: thing },
});
const createThing = defineContract({
  ...base,
  operationId: "createThing",
  method: "POST",
  path: "/things",
  body: z.strictObject({ id: z.number() }),
  success: { status: 201, description: "", entry: thing },
  location: "/things/{id}",
});
const putThing = defineContract({ ...base, operationId: "putThing", method: "PUT", path: "/things", success: { status: 204, description: "" } });
const deleteThing = defineContract({
  ...base,
  operationId: "deleteThing",
  method: "DELETE",
  path: "/things",
  success: { status: 202, description: "" },
});
const withQuery = defineContract({
  ...base,
  operationId: "withQuery",
  method: "GET",
  path: "/things",
  query: z.object({ mode: z.enum(["a", "b"]).optional() }),
  success: { status: 200, description: "", entry: z.object({ mode: z.string().optional() }) },
});
const withParams = defineContract({
  ...base,
  operationId: "withParams",
  method: "GET",
  path: "/things/{n}",
  params: z.object({ n: z.string().regex(/^\d+$/) }),
  success: { status: 200, description: "", entry: z.object({ n: z.string() }) },
});

const req = (method: string, body?: string, headers: Record<string, string> = {}, query = "") =>
  new Request(`http://localhost:3000/rest/1.0/things${query}`, { method, body, headers: { "content-type": "application/json", ...headers } });
const failing = (error: unknown) => operation(getThing as Contract, async () => Promise.reject(error));

describe("operation: response rules by method", () => {
  it("GET wraps a single item in {entry}", async () => {
    const res = await operation(getThing, async () => ({ id: 1 }))(req("GET"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entry: { id: 1 } });
  });

  it("GET of a list sends the page as is, entry always an array", async () => {
    const res = await operation(listThings, async (_ctx, { query }) => toPage(query, 1, [{ id: 1 }]))(req("GET", undefined, {}, "?count=5"));
    expect(await res.json()).toEqual({ startIndex: 0, itemsPerPage: 1, totalResults: 1, entry: [{ id: 1 }] });
  });

  it("POST answers 201 with Location filled from the entry, on the request's own origin", async () => {
    const res = await operation(createThing, async (_ctx, { body }) => ({ id: body.id }))(req("POST", '{"id": 42}', { host: "127.0.0.1:3000" }));
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe("http://127.0.0.1:3000/rest/1.0/things/42");
    expect(await res.json()).toEqual({ entry: { id: 42 } });
  });

  it("answers 204 and 202 without a body when the contract says so", async () => {
    const none = await operation(putThing, async () => undefined)(req("PUT", "{}"));
    expect(none.status).toBe(204);
    expect(await none.text()).toBe("");
    expect((await operation(deleteThing, async () => undefined)(req("DELETE"))).status).toBe(202);
  });

  it("echoes a sane X-Request-Id and makes one otherwise", async () => {
    const op = operation(getThing, async () => ({ id: 1 }));
    expect((await op(req("GET", undefined, { "x-request-id": "abc-12345678" }))).headers.get("x-request-id")).toBe("abc-12345678");
    expect((await op(req("GET", undefined, { "x-request-id": "<script>" }))).headers.get("x-request-id")).toMatch(/^req_[\w-]{16}$/);
  });
});

describe("operation: input validation", () => {
  it("refuses an unknown query parameter, naming it, but lets OAuth and tunnel parameters through", async () => {
    const op = operation(withQuery, async (_ctx, { query }) => ({ mode: query.mode }));
    const res = await op(req("GET", undefined, {}, "?mode=a&colour=red"));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_parameter", parameter: "colour" });
    const ok = await op(req("GET", undefined, {}, "?mode=b&oauth_nonce=1&x_auth_mode=x&c=3&w=JS"));
    expect(await ok.json()).toEqual({ entry: { mode: "b" } });
    expect((await op(req("GET", undefined, {}, "?mode=z"))).status).toBe(400);
  });

  it("answers 404 for a path parameter that cannot name a resource", async () => {
    const op = operation(withParams, async (_ctx, { params }) => ({ n: params.n }));
    expect((await op(req("GET"), { params: Promise.resolve({ n: "x" }) })).status).toBe(404);
    expect(await (await op(req("GET"), { params: Promise.resolve({ n: "7" }) })).json()).toEqual({ entry: { n: "7" } });
  });

  it("validates JSON bodies: invalid JSON, fields named, wrong content type, missing body, NUL and lone surrogates", async () => {
    const op = operation(createThing, async (_ctx, { body }) => body);
    expect((await (await op(req("POST", "{nope"))).json()).code).toBe("invalid_json");
    const invalid = await (await op(req("POST", '{"id": "1", "extra": true}'))).json();
    expect(invalid.code).toBe("validation_failed");
    expect(invalid.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["id"]));
    expect(invalid.detail).toContain("extra");
    expect((await op(req("POST", "id=1", { "content-type": "text/plain" }))).status).toBe(415);
    expect((await op(req("POST"))).status).toBe(400);
    expect((await op(req("POST", '{"id": 1, "x": "a\\u0000b"}'))).status).toBe(400);
    expect((await op(req("POST", '{"id": 1, "x": "\\ud800"}'))).status).toBe(400);
  });

  it("refuses JSON nested deeper than 64 levels with 400 invalid_json, 10,000 levels included (issue 27, item 3)", async () => {
    const op = operation(createThing, async (_ctx, { body }) => body);
    const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
    for (const depth of [65, 10_000]) {
      const res = await op(req("POST", nested(depth)));
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
      const problem = await res.json();
      expect(problem.code).toBe("invalid_json");
      expect(problem.detail).toContain("64");
    }
    const deepest = '{"id": 1, "x": ' + nested(63) + "}";
    expect((await (await op(req("POST", deepest))).json()).code).toBe("validation_failed");
  });

  it("refuses NUL in a query value with 400", async () => {
    const res = await operation(withQuery, async () => ({}))(req("GET", undefined, {}, "?mode=%00"));
    expect(res.status).toBe(400);
  });

  it("refuses a body over MAX_BODY_BYTES with 413", async () => {
    expect((await operation(createThing, async () => ({ id: 1 }))(req("POST", "x".repeat(1024 * 1024 + 1)))).status).toBe(413);
  });
});

describe("operation: errors", () => {
  it("turns an ApiError into problem+json with its status and extra members", async () => {
    const res = await failing(new ApiError("conflict", "Already there.", { extra: { field: "login" } }))(req("GET"));
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: 409, code: "conflict", title: "Conflict", detail: "Already there.", field: "login" });
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("adds WWW-Authenticate with the realm and oauth_problem to every 401", async () => {
    const res = await failing(new ApiError("unauthorized", "No.", { oauthProblem: "nonce_used" }))(req("GET"));
    expect(res.headers.get("www-authenticate")).toBe('OAuth realm="http://localhost:3000/rest/1.0", oauth_problem="nonce_used"');
  });

  it("answers 503 with Retry-After when the database cannot be reached", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const res = await failing(new Error("query failed", { cause: refused }))(req("GET"));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect((await res.json()).code).toBe("service_unavailable");
    stderr.mockRestore();
  });

  it("hides unknown errors behind a 500 and logs them with the request id", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const res = await failing(new Error("connection string postgres://secret@db leaked"))(req("GET"));
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(body.detail).toContain(body.requestId);
    const logged = stderr.mock.calls.map((c) => String(c[0])).join("");
    expect(logged).toContain(body.requestId);
    expect(logged).toContain("leaked");
    stderr.mockRestore();
  });
});

describe("restRoute", () => {
  const routes = restRoute(
    operation(getThing, async () => ({ id: 1 })),
    operation(putThing, async () => undefined),
  );

  it("answers methods the resource lacks with 405 and the exact Allow", async () => {
    const res = await routes.DELETE(req("DELETE"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, PUT, OPTIONS");
    expect((await res.json()).code).toBe("method_not_allowed");
  });

  it("answers HEAD with GET's status and headers and no body, and OPTIONS with Allow", async () => {
    const head = await routes.HEAD(req("HEAD"));
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toContain("application/json");
    expect(await head.text()).toBe("");
    const options = await routes.OPTIONS(req("OPTIONS"));
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, PUT, OPTIONS");
  });

  it("refuses operations of different paths in one route", () => {
    expect(() =>
      restRoute(
        operation(getThing, async () => ({ id: 1 })),
        operation(withParams, async () => ({ n: "1" })),
      ),
    ).toThrow(/one path/);
  });

  it("hands a literal path served by a parameterized route its own requests, methods and Allow", async () => {
    const special = defineContract({
      ...base,
      operationId: "special",
      method: "GET",
      path: "/things/@special",
      servedBy: "/things/{n}",
      success: { status: 200, description: "", entry: thing },
    });
    const shared = restRoute(
      operation(withParams, async (_ctx, { params }) => ({ n: params.n })),
      operation(special, async () => ({ id: 7 })),
    );
    const at = (n: string) => ({ params: Promise.resolve({ n }) });
    const get = (n: string) => new Request(`http://localhost:3000/rest/1.0/things/${n}`);
    expect(await (await shared.GET(get("42"), at("42"))).json()).toEqual({ entry: { n: "42" } });
    expect(await (await shared.GET(get("@special"), at("@special"))).json()).toEqual({ entry: { id: 7 } });
    expect(await (await shared.GET(get("%40special"), at("%40special"))).json()).toEqual({ entry: { id: 7 } });
    const post = await shared.POST(new Request("http://localhost:3000/rest/1.0/things/@special", { method: "POST" }), at("@special"));
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(shared.contracts.map((c) => c.operationId)).toEqual(["withParams", "special"]);
  });

  it("orders Allow canonically", () => {
    expect(allowHeader(["DELETE", "POST"])).toBe("POST, DELETE, OPTIONS");
  });
});

describe("operation: credentials that are not OAuth, checked by the wrapper", () => {
  const guestCall = defineContract({
    ...base,
    operationId: "guestCall",
    method: "POST",
    path: "/things",
    auth: "guest-token",
    credential: {
      verify: async (secret: string) => {
        if (secret !== "gt_good") throw guestTokenRefused("This guest token is not known.", "invalid_token");
        return { secret };
      },
    },
    body: z.strictObject({ caller: z.string().optional() }),
    success: { status: 200, description: "", entry: z.object({ secret: z.string() }) },
  });
  const link = defineContract({
    ...base,
    operationId: "link",
    method: "GET",
    path: "/things/{n}",
    auth: "capability",
    params: z.object({ n: z.string() }),
    credential: {
      param: "n",
      verify: async (n: string) => {
        if (n !== "7") throw new ApiError("not_found", "This link was not found.");
        return Number(n);
      },
    },
    success: { status: 200, description: "", entry: z.object({ n: z.number() }) },
  });

  it("guest-token: the Bearer secret is checked once the input is valid, and the handler gets what it grants", async () => {
    const handler = vi.fn(async (ctx: { grant: { secret: string } }) => ({ secret: ctx.grant.secret }));
    const run = operation(guestCall, handler);
    const missing = await run(req("POST", "{}"));
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer realm="[^"]+", error="invalid_request"$/);
    const unknown = await run(req("POST", "{}", { authorization: "Bearer gt_bad" }));
    expect(unknown.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    expect(handler).not.toHaveBeenCalled();
    expect((await run(req("POST", '{"bogus": 1}'))).status).toBe(400);
    expect(await (await run(req("POST", "{}", { authorization: "Bearer gt_good" }))).json()).toEqual({ entry: { secret: "gt_good" } });
  });

  it("capability: the path parameter is checked, and a refused one never reaches the handler", async () => {
    const handler = vi.fn(async (ctx: { grant: number }) => ({ n: ctx.grant }));
    const run = operation(link, handler);
    expect((await run(req("GET"), { params: Promise.resolve({ n: "8" }) })).status).toBe(404);
    expect(handler).not.toHaveBeenCalled();
    expect(await (await run(req("GET"), { params: Promise.resolve({ n: "7" }) })).json()).toEqual({ entry: { n: 7 } });
  });

  it("refuses, when the route loads, a credential check that does not fit the auth mode", () => {
    expect(() => operation({ ...guestCall, credential: undefined } as Contract, async () => undefined)).toThrow(/needs credential check/);
    expect(() => operation({ ...getThing, credential: link.credential } as Contract, async () => undefined)).toThrow(/takes no credential check/);
    expect(() => operation({ ...link, credential: { ...link.credential, param: "m" } } as Contract, async () => undefined)).toThrow(
      /path parameters/,
    );
  });
});

describe("operation: a file handed out as bytes", () => {
  const hello = fileDownload({
    name: "hello.txt",
    size: 11,
    contentType: "text/plain; charset=utf-8",
    etag: "abc",
    lastModified: new Date("2026-11-27T17:00:00Z"),
    inline: false,
    open: async (range) => new Blob(["hello world".slice(range?.start ?? 0, (range?.end ?? 10) + 1)]).stream(),
  });

  it("answers with the file's response instead of {entry}, and HEAD without its bytes", async () => {
    const run = operation(getThing, async () => hello);
    const got = await run(req("GET", undefined, { range: "bytes=6-" }));
    expect(got.status).toBe(206);
    expect(got.headers.get("content-range")).toBe("bytes 6-10/11");
    expect(await got.text()).toBe("world");
    const head = await run(req("HEAD"));
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe("11");
    expect(await head.text()).toBe("");
  });
});
