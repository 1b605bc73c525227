import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "./api-error";
import { parseListQuery, toPage } from "./list-query";
import { accepted, created } from "./responses";
import { allowHeader, restRoute } from "./route";
import { withRest } from "./with-rest";

// Handlers are plain (Request) => Promise<Response>: called directly, no server and no database.
const open = <T>(fn: (req: Request, ctx: Parameters<Parameters<typeof withRest<"none">>[0]>[1]) => Promise<T>) => withRest(fn, { auth: "none" });
const req = (method: string, body?: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/rest/1.0/things", { method, body, headers: { "content-type": "application/json", ...headers } });

describe("withRest response rules by method", () => {
  it("GET wraps a single item in {entry}", async () => {
    const res = await open(async () => ({ id: 1 }))(req("GET"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entry: { id: 1 } });
  });

  it("GET sends a page as is, entry always an array", async () => {
    const page = toPage(parseListQuery(new URLSearchParams("count=5"), {}), 1, [{ id: 1 }]);
    const res = await open(async () => page)(req("GET"));
    expect(await res.json()).toEqual({ startIndex: 0, itemsPerPage: 1, totalResults: 1, entry: [{ id: 1 }] });
  });

  it("POST created() answers 201 with an absolute Location", async () => {
    const res = await open(async () => created("/things/42", { id: 42 }))(req("POST", "{}"));
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe("http://localhost:3000/rest/1.0/things/42");
    expect(await res.json()).toEqual({ entry: { id: 42 } });
  });

  it("PUT answers 200 with the entry, or 204 with nothing", async () => {
    expect((await open(async () => ({ id: 1 }))(req("PUT", "{}"))).status).toBe(200);
    const none = await open(async () => undefined)(req("PUT", "{}"));
    expect(none.status).toBe(204);
    expect(await none.text()).toBe("");
  });

  it("DELETE answers 204, or 202 when accepted", async () => {
    expect((await open(async () => undefined)(req("DELETE"))).status).toBe(204);
    expect((await open(async () => accepted())(req("DELETE"))).status).toBe(202);
  });

  it("echoes a sane X-Request-Id and makes one otherwise", async () => {
    const given = await open(async () => 1)(req("GET", undefined, { "x-request-id": "abc-12345678" }));
    expect(given.headers.get("x-request-id")).toBe("abc-12345678");
    const made = await open(async () => 1)(req("GET", undefined, { "x-request-id": "<script>" }));
    expect(made.headers.get("x-request-id")).toMatch(/^req_[\w-]{16}$/);
  });
});

describe("withRest errors", () => {
  it("turns an ApiError into problem+json with its status and extra members", async () => {
    const res = await open(async () => {
      throw new ApiError("conflict", "Already there.", { extra: { field: "login" } });
    })(req("GET"));
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    const body = await res.json();
    expect(body).toMatchObject({ status: 409, code: "conflict", title: "Conflict", detail: "Already there.", field: "login" });
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("adds WWW-Authenticate with the realm and oauth_problem to every 401", async () => {
    const res = await open(async () => {
      throw new ApiError("unauthorized", "No.", { oauthProblem: "nonce_used" });
    })(req("GET"));
    expect(res.headers.get("www-authenticate")).toBe('OAuth realm="http://localhost:3000/rest/1.0", oauth_problem="nonce_used"');
  });

  it("hides unknown errors behind a 500 and logs them with the request id", async () => {
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const res = await open(async () => {
      throw new Error("connection string postgres://secret@db leaked");
    })(req("GET"));
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(body.detail).toContain(body.requestId);
    const logged = stderr.mock.calls.map((c) => String(c[0])).join("");
    expect(logged).toContain(body.requestId);
    expect(logged).toContain("leaked");
    stderr.mockRestore();
  });

  it("validates JSON bodies: invalid JSON, schema errors naming fields, wrong content type", async () => {
    const handler = open(async (_r, ctx) => ctx.json(z.strictObject({ name: z.string() })));
    expect((await (await handler(req("POST", "{nope"))).json()).code).toBe("invalid_json");
    const invalid = await (await handler(req("POST", '{"name": 1, "extra": true}'))).json();
    expect(invalid.code).toBe("validation_failed");
    expect(invalid.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(["name"]));
    expect(invalid.detail).toContain("extra");
    expect((await handler(req("POST", "name=x", { "content-type": "text/plain" }))).status).toBe(415);
    expect((await handler(req("POST"))).status).toBe(400);
  });

  it("refuses a body over MAX_BODY_BYTES with 413", async () => {
    const res = await open(async () => 1)(req("POST", "x".repeat(1024 * 1024 + 1)));
    expect(res.status).toBe(413);
  });
});

describe("restRoute", () => {
  const routes = restRoute({ GET: open(async () => ({ ok: true })), PUT: open(async () => undefined) });

  it("answers methods the resource lacks with 405 and the exact Allow", async () => {
    const res = await routes.DELETE(req("DELETE"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, PUT, OPTIONS");
    expect((await res.json()).code).toBe("method_not_allowed");
  });

  it("derives HEAD from GET and answers OPTIONS with Allow", async () => {
    const head = await routes.HEAD(req("HEAD"));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const options = await routes.OPTIONS(req("OPTIONS"));
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("GET, HEAD, PUT, OPTIONS");
  });

  it("orders Allow canonically", () => {
    expect(allowHeader(["DELETE", "POST"])).toBe("POST, DELETE, OPTIONS");
  });
});
