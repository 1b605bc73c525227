import { describe, expect, it, vi } from "vitest";
import { allowForRestPath, isServerWideOptions, oversizedBody, refusalOf } from "./malformed-request";

const contractsLoaded = vi.hoisted(() => ({ value: false }));
vi.mock("./operations", async (original) => {
  contractsLoaded.value = true;
  return original();
});

const req = (method: string, target: string, rawHeaders: string[] = []) => ({ method, target, rawHeaders });

describe("requests refused in front of Next.js", () => {
  // Runs first: the server's guard loads the contracts (tens of MB) only for a refusal that needs them.
  it("answers ordinary requests at once, without loading the contracts", () => {
    expect(refusalOf(req("GET", "/rest/1.0/users?count=2", ["Authorization", "OAuth x"]))).toBeUndefined();
    expect(refusalOf(req("TRACE", "/apps"))).toMatchObject({ status: 405 });
    expect(oversizedBody(req("POST", "/rest/1.0/users", ["Content-Length", "10"]), 1024)).toBeUndefined();
    expect(contractsLoaded.value).toBe(false);
  });

  it("lets ordinary requests through", async () => {
    expect(await refusalOf(req("GET", "/rest/1.0/users?count=2", ["Authorization", "OAuth x"]))).toBeUndefined();
    expect(await refusalOf(req("POST", "/apps/new"))).toBeUndefined();
    expect(await refusalOf(req("GET", "/rest/1.0/users/%C3%A9"))).toBeUndefined();
  });

  it("refuses invalid percent-encoding with 400", async () => {
    expect((await refusalOf(req("GET", "/rest/1.0/users/%C3%28")))?.status).toBe(400);
    expect((await refusalOf(req("GET", "/rest/1.0/%ZZ")))?.status).toBe(400);
    expect((await refusalOf(req("GET", "/apps/%E0%A4%A")))?.status).toBe(400);
  });

  it("refuses the asterisk form except for OPTIONS", async () => {
    expect((await refusalOf(req("GET", "*")))?.status).toBe(400);
    expect(await refusalOf(req("OPTIONS", "*"))).toBeUndefined();
    expect(isServerWideOptions(req("OPTIONS", "*"))).toBe(true);
  });

  it("refuses duplicate Authorization headers with 400", async () => {
    const error = await refusalOf(req("GET", "/rest/1.0/users", ["Authorization", "OAuth a", "Host", "x", "authorization", "OAuth b"]));
    expect(error?.status).toBe(400);
    expect(error?.message).toMatch(/exactly one Authorization/);
  });

  it("answers TRACE and other methods on REST paths with 405 and the resource's Allow", async () => {
    for (const method of ["TRACE", "PROPFIND", "FOO"]) {
      const error = await refusalOf(req(method, "/rest/1.0/users"));
      expect(error?.status).toBe(405);
      expect(error?.options.headers?.Allow).toBe("GET, HEAD, POST, OPTIONS");
    }
    expect((await refusalOf(req("TRACE", "/rest/1.0/users/0b6f1e52-8a8e-4d55-9a36-3c1d7b2b4f10")))?.options.headers?.Allow).toBe(
      "GET, HEAD, PUT, DELETE, OPTIONS",
    );
    expect((await refusalOf(req("TRACE", "/rest/1.0/nothing-here")))?.status).toBe(404);
    expect(await refusalOf(req("TRACE", "/apps"))).toMatchObject({
      status: 405,
      message: "TRACE is not allowed on portal pages. Allowed methods: GET, HEAD, POST, OPTIONS.",
    });
    expect(await refusalOf(req("PROPFIND", "/apps"))).toBeUndefined();
  });

  it("matches a static segment before a parameter", async () => {
    expect(await allowForRestPath("/apps/demo:demo-app/events/test")).toBe("POST, OPTIONS");
    expect(await allowForRestPath("/apps/demo:demo-app/events/evt_1")).toBe("GET, HEAD, OPTIONS");
    expect(await allowForRestPath("/domains/")).toBe("GET, HEAD, POST, DELETE, OPTIONS");
  });
});

describe("bodies over the limit, from Content-Length (issue 27, item 9)", () => {
  const withLength = (method: string, target: string, length: number) => req(method, target, ["Host", "x", "Content-Length", String(length)]);
  it("refuses a REST body declared past the limit with 413, before reading it", async () => {
    const error = await oversizedBody(withLength("POST", "/rest/1.0/users", 1025), 1024);
    expect(error).toMatchObject({ status: 413, code: "payload_too_large" });
    expect((await oversizedBody(withLength("POST", "/rest/1.0/tokens/call?x=1", 10_000_000), 1024))?.status).toBe(413);
    expect((await oversizedBody(withLength("PUT", "/rest/1.0/nothing-here", 2048), 1024))?.status).toBe(413);
  });

  it("lets bodies within the limit, media uploads (streamed, with their own limit) and portal routes through", async () => {
    expect(await oversizedBody(withLength("POST", "/rest/1.0/users", 1024), 1024)).toBeUndefined();
    expect(await oversizedBody(req("POST", "/rest/1.0/users", ["Transfer-Encoding", "chunked"]), 1024)).toBeUndefined();
    expect(await oversizedBody(withLength("POST", "/rest/1.0/media/demo/folder/file.mp3", 10_000_000), 1024)).toBeUndefined();
    expect(await oversizedBody(withLength("POST", "/media/demo/upload", 10_000_000), 1024)).toBeUndefined();
  });
});
