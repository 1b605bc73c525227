import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { matchRoute, routeFiles } from "./route-modules";

// The in-process harness picks the route file Next.js's App Router would pick: checked on a small
// app folder of its own, and on the real one for the paths the API suite relies on.

const appDir = fs.mkdtempSync(path.join(os.tmpdir(), "route-modules-"));
afterAll(() => fs.rmSync(appDir, { recursive: true, force: true }));
for (const folder of ["rest/[[...path]]", "rest/1.0/[...path]", "rest/1.0/users", "rest/1.0/users/[guid]", "rest/1.0/users/me", "(group)/api/jobs"]) {
  fs.mkdirSync(path.join(appDir, folder), { recursive: true });
  fs.writeFileSync(path.join(appDir, folder, "route.ts"), "");
}
fs.writeFileSync(path.join(appDir, "rest/1.0/users/page.tsx"), "");
const routes = routeFiles(appDir);
const served = (pathname: string) => {
  const match = matchRoute(routes, pathname);
  return match && { folder: path.relative(appDir, path.dirname(match.file)), params: match.params };
};

describe("matchRoute", () => {
  it("finds route files only, route groups adding no segment", () => {
    expect(routes.map((r) => path.relative(appDir, r.file)).sort()).toHaveLength(6);
    expect(served("/api/jobs")).toEqual({ folder: "(group)/api/jobs", params: {} });
  });

  it("prefers a static segment to a dynamic one, and a dynamic one to a catch-all", () => {
    expect(served("/rest/1.0/users/me")?.folder).toBe("rest/1.0/users/me");
    expect(served("/rest/1.0/users/abc")).toEqual({ folder: "rest/1.0/users/[guid]", params: { guid: "abc" } });
    expect(served("/rest/1.0/users/abc/more")).toEqual({ folder: "rest/1.0/[...path]", params: { path: ["users", "abc", "more"] } });
  });

  it("gives a catch-all at least one segment, an optional one none or more", () => {
    expect(served("/rest/1.0")).toEqual({ folder: "rest/[[...path]]", params: { path: ["1.0"] } });
    expect(served("/rest")).toEqual({ folder: "rest/[[...path]]", params: {} });
    expect(served("/rest/2.0/users")?.folder).toBe("rest/[[...path]]");
  });

  it("decodes a dynamic value once, and serves a trailing slash as the route itself", () => {
    expect(served("/rest/1.0/users/a%2520b")?.params).toEqual({ guid: "a%20b" });
    expect(served("/rest/1.0/users/")?.folder).toBe("rest/1.0/users");
    expect(served("/nothing/here")).toBeUndefined();
  });

  it("serves the API suite's paths from the app's own route files", () => {
    const app = routeFiles(path.resolve("app"));
    const folderOf = (pathname: string) => path.relative(path.resolve("app"), path.dirname(matchRoute(app, pathname)!.file));
    expect(folderOf("/rest/1.0/users")).toBe("rest/1.0/users");
    expect(folderOf("/rest/1.0/no-such-thing")).toBe("rest/1.0/[...path]");
    expect(folderOf("/rest/1.0")).toBe("rest/[[...path]]");
    expect(folderOf("/api/jobs/deliver")).toBe("api/jobs/deliver");
    expect(matchRoute(app, "/oauth/authorize")).toBeUndefined(); // a page: the real server's
  });
});
