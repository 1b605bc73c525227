// First: sets this process's environment before the app's modules load (e2e/support/in-process-server.ts).
import { startInProcessServer } from "@/e2e/support/in-process-server";
import { afterAll, describe, expect, it } from "vitest";
import { call, client, createLoggedInUser, otherApp } from "@/e2e/support/api-client";
import { specialApps } from "@/e2e/support/fixtures";

const server = await startInProcessServer();
afterAll(() => server.stop());
const baseUrl = server.baseUrl;
const app = client(baseUrl);
const other = client(baseUrl, otherApp);
const uniqueDomain = () => `d-${process.pid}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;

async function demoOwner(): Promise<string> {
  return (await app("GET", "/domains/demo")).body.entry.owner;
}

describe("domains", () => {
  it("shows the caller's own domain with its owner", async () => {
    const res = await app("GET", "/domains/demo");
    expect(res.status).toBe(200);
    expect(res.body.entry).toEqual({ name: "demo", owner: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it("hides another developer's domain (404) and keeps it out of lists", async () => {
    expect((await app("GET", "/domains/other")).status).toBe(404);
    const list = await app("GET", "/domains?count=100");
    expect(list.body.entry.map((d: { name: string }) => d.name)).not.toContain("other");
    expect((await other("GET", "/domains/demo")).status).toBe(404);
  });

  it("filters domains by owner, as an array", async () => {
    const owner = await demoOwner();
    const res = await app("GET", `/domains/?filterBy=owner&filterValue=${owner}`);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.entry)).toBe(true);
    expect(res.body.entry.every((d: { owner: string }) => d.owner === owner)).toBe(true);
    const otherOwner = (await other("GET", "/domains/other")).body.entry.owner;
    expect((await app("GET", `/domains?filterBy=owner&filterValue=${otherOwner}`)).body.totalResults).toBe(0);
  });

  it("shows a user only its own domain", async () => {
    const { creds } = await createLoggedInUser(baseUrl);
    const res = await call(baseUrl, creds, "GET", "/domains");
    expect(res.body.entry.map((d: { name: string }) => d.name)).toEqual(["demo"]);
  });

  it("creates a domain: 201 + Location, X-Service-SP-UserId naming the owner", async () => {
    const name = uniqueDomain();
    const res = await app("POST", "/domains", { json: { name }, headers: { "X-Service-SP-UserId": await demoOwner() } });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`${baseUrl}/rest/1.0/domains/${name}`);
    expect((await app("GET", `/domains/${name}`)).body.entry.owner).toBe(await demoOwner());
  });

  it("refuses a taken name (409), a bad name (400) and a foreign owner (403)", async () => {
    expect((await app("POST", "/domains", { json: { name: "other" } })).status).toBe(409);
    const bad = await app("POST", "/domains", { json: { name: "Not Valid!" } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe("name");
    const foreign = await app("POST", "/domains", { json: { name: uniqueDomain() }, headers: { "X-Service-SP-UserId": crypto.randomUUID() } });
    expect(foreign.status).toBe(403);
  });

  it("refuses domain management with a user's token (403)", async () => {
    const { creds } = await createLoggedInUser(baseUrl);
    expect((await call(baseUrl, creds, "POST", "/domains", { json: { name: uniqueDomain() } })).status).toBe(403);
  });

  it("deletes an empty domain by name (204) and refuses one that has applications or users (409)", async () => {
    const name = uniqueDomain();
    await app("POST", "/domains", { json: { name } });
    expect((await app("DELETE", "/domains", { json: { name } })).status).toBe(204);
    expect((await app("GET", `/domains/${name}`)).status).toBe(404);
    // Only domains the application created: its own domain and other developers' are not its to delete.
    expect((await app("DELETE", "/domains", { json: { name: "demo" } })).status).toBe(404);
    expect((await app("GET", "/domains/demo")).status).toBe(200);
    expect((await app("DELETE", "/domains", { json: { name: "other" } })).status).toBe(404);
  });

  it("keeps a domain private to the application that created it, even from the same developer's other applications", async () => {
    const sibling = client(baseUrl, { consumerKey: specialApps.events.consumerKey, consumerSecret: specialApps.events.consumerSecret });
    const name = uniqueDomain();
    expect((await other("POST", "/domains", { json: { name } })).status).toBe(201);
    expect((await other("GET", `/domains/${name}`)).status).toBe(200);
    expect((await other("GET", "/domains?count=100")).body.entry.map((d: { name: string }) => d.name)).toContain(name);
    expect((await sibling("GET", `/domains/${name}`)).status).toBe(404);
    expect((await sibling("GET", "/domains?count=100")).body.entry.map((d: { name: string }) => d.name)).toEqual(["other"]);
    expect((await sibling("DELETE", "/domains", { json: { name } })).status).toBe(404);
    expect((await other("DELETE", "/domains", { json: { name } })).status).toBe(204);
  });

  it("answers 405 with Allow on domain routes", async () => {
    const res = await app("PUT", "/domains/demo", { json: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect((await app("PATCH", "/domains", { json: {} })).headers.get("allow")).toBe("GET, HEAD, POST, DELETE, OPTIONS");
  });
});

describe("applications", () => {
  it("lists the caller's domain's applications with the spec's fields, never the secret", async () => {
    const res = await app("GET", "/apps");
    expect(res.status).toBe(200);
    const demoApp = res.body.entry.find((a: { id: string }) => a.id === "demo:demo-app");
    expect(demoApp).toMatchObject({
      id: "demo:demo-app",
      domain: "demo",
      name: "demo-app",
      createdWith: "seed",
      createdBy: expect.any(String),
      created: expect.stringMatching(/Z$/),
      visible: true,
      suspended: false,
      template: [],
    });
    expect(res.text).not.toMatch(/consumerSecret|cs_test/);
    expect(res.body.entry.every((a: { domain: string }) => a.domain === "demo")).toBe(true);
  });

  it("gets one application by <domain>:<name> and hides other domains' (404)", async () => {
    expect((await app("GET", "/apps/demo:demo-app")).body.entry.name).toBe("demo-app");
    expect((await app("GET", "/apps/other:other-app")).status).toBe(404);
    expect((await app("GET", "/apps/nonsense")).status).toBe(404);
  });

  it("updates notificationUrl and allow2legged (200 with the updated entry)", async () => {
    const res = await other("PUT", "/apps/other:other-app", { json: { notificationUrl: "https://hooks.example.com/events" } });
    expect(res.status).toBe(200);
    expect(res.body.entry.notificationUrl).toBe("https://hooks.example.com/events");
    expect((await other("GET", "/apps/other:other-app")).body.entry.notificationUrl).toBe("https://hooks.example.com/events");
    const cleared = await other("PUT", "/apps/other:other-app", { json: { notificationUrl: null } });
    expect(cleared.body.entry.notificationUrl).toBeUndefined();
  });

  it("refuses a bad URL, unknown fields and an empty body (400), changing nothing", async () => {
    const before = (await other("GET", "/apps/other:other-app")).body.entry;
    for (const json of [{ notificationUrl: "ftp://x" }, { notificationUrl: "not a url" }, { name: "renamed" }, {}]) {
      const res = await other("PUT", "/apps/other:other-app", { json });
      expect(res.status).toBe(400);
    }
    expect((await other("GET", "/apps/other:other-app")).body.entry).toEqual(before);
  });

  it("lets only the application itself change its settings (403 for a user token)", async () => {
    const { creds } = await createLoggedInUser(baseUrl);
    const res = await call(baseUrl, creds, "PUT", "/apps/demo:demo-app", { json: { notificationUrl: "https://x.example" } });
    expect(res.status).toBe(403);
    expect((await other("PUT", "/apps/demo:demo-app", { json: { notificationUrl: "https://x.example" } })).status).toBe(404);
  });

  it("answers 405 for creating applications through the API", async () => {
    const res = await app("POST", "/apps", { json: { name: "x" } });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
