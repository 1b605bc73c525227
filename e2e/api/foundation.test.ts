// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "../support/in-process-server";
import { afterAll, describe, expect, it } from "vitest";
import { client } from "../support/api-client";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const api = client(baseUrl);

function expectProblem(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String), type: expect.stringContaining(code) });
  expect(res.body.requestId).toMatch(/^req_/);
  expect(res.headers.get("x-request-id")).toBe(res.body.requestId);
}

describe("health", () => {
  it("reports the database as reachable without a signature", async () => {
    const res = await api("GET", "/health", { unsigned: true });
    expect(res.status).toBe(200);
    expect(res.body.entry).toMatchObject({ status: "ok", database: { reachable: true } });
  });

  it("answers HEAD with the GET status and no body", async () => {
    const res = await fetch(`${baseUrl}/rest/1.0/health`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

describe("unknown paths and versions", () => {
  it("answers 404 in the problem shape for an unknown path under /rest/1.0", async () => {
    const res = await api("GET", "/no-such-resource/x", { unsigned: true });
    expectProblem(res, 404, "not_found");
    expect(res.body.detail).toContain("/rest/1.0/no-such-resource/x");
  });

  it("answers 404 naming the versions that exist for another version", async () => {
    const res = await fetch(`${baseUrl}/rest/2.0/users`);
    const body = await res.json();
    expect(res.status).toBe(404);
    expect(body.code).toBe("not_found");
    expect(body.detail).toContain('"2.0"');
    expect(body.versions).toEqual(["1.0"]);
  });

  it("answers 404 for the bare version root", async () => {
    const res = await fetch(`${baseUrl}/rest/1.0`);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toContain("No resource matches");
  });
});

describe("405 and Allow", () => {
  it("lists the exact methods of the resource", async () => {
    const res = await api("DELETE", "/health", { unsigned: true });
    expectProblem(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers a non-standard method with 405 and the same Allow header", async () => {
    const res = await fetch(`${baseUrl}/rest/1.0/health`, { method: "PROPFIND" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await res.json()).code).toBe("method_not_allowed");
  });

  it("answers OPTIONS with 204 and Allow", async () => {
    const res = await fetch(`${baseUrl}/rest/1.0/health`, { method: "OPTIONS" });
    expect(res.status).toBe(204);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("request bodies", () => {
  it("refuses a body over the size limit with 413 before reading it all", async () => {
    const res = await api("POST", "/users", { rawBody: JSON.stringify({ pad: "x".repeat(1024 * 1024 + 10) }) });
    expectProblem(res, 413, "payload_too_large");
  });

  it("refuses invalid JSON with 400 invalid_json", async () => {
    const res = await api("POST", "/users", { rawBody: '{"login": "a",' });
    expectProblem(res, 400, "invalid_json");
  });

  it("refuses a non-JSON content type with 415", async () => {
    const res = await api("POST", "/users", { rawBody: "login=a", headers: { "Content-Type": "text/plain" } });
    expectProblem(res, 415, "unsupported_media_type");
  });
});

describe("authentication seam", () => {
  it("answers 401 with WWW-Authenticate naming the realm when a protected resource is not signed", async () => {
    const res = await api("GET", "/users", { unsigned: true });
    expectProblem(res, 401, "unauthorized");
    expect(res.headers.get("www-authenticate")).toBe(
      `OAuth realm="${baseUrl}/rest/1.0", oauth_problem="parameter_absent", ` +
        `oauth_parameters_absent="oauth_consumer_key&oauth_signature_method&oauth_signature&oauth_timestamp&oauth_nonce"`,
    );
  });

  it("never shows internals in error bodies", async () => {
    const res = await api("GET", "/users?count=abc");
    expect(JSON.stringify(res.body)).not.toMatch(/prisma|stack|node_modules|at \w+ \(/i);
  });
});
