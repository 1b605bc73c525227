import { describe, expect, it } from "vitest";
import type { Contract } from "@/lib/http/rest/contract";
import { downloadMediaLinkContract } from "@/lib/media/contracts";
import { createGuestCallContract, deleteGuestCallContract, getGuestCallContract } from "@/lib/tokens/contracts";
import { createUserContract } from "@/lib/users/contracts";
import { buildOpenApiDocument } from "./openapi";
import { allContracts } from "./operations";

// Issue 26, fix 9: the reference showed ids like -9007199254740991, dates like 3600-02-29 and a
// summary naming five areas. Every property Swagger UI builds a sample from now has a realistic example.

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  example?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  $ref?: string;
};

const now = new Date("2026-11-27T17:00:00Z");
const document = buildOpenApiDocument("https://switchboard.example", undefined, now) as unknown as {
  info: { description: string };
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, unknown>> };
  paths: unknown;
};

function* schemas(node: unknown, at: string): Generator<[string, Schema]> {
  if (Array.isArray(node)) for (const [i, n] of node.entries()) yield* schemas(n, `${at}[${i}]`);
  else if (node && typeof node === "object") {
    yield [at, node as Schema];
    for (const [key, value] of Object.entries(node)) if (key !== "example") yield* schemas(value, `${at}.${key}`);
  }
}

function* leafProperties(): Generator<[string, Schema]> {
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    for (const [at, s] of schemas(schema, name)) {
      for (const [prop, p] of Object.entries(s.properties ?? {})) {
        const target = p.anyOf?.find((x) => x.type !== "null") ?? p;
        if (
          target.properties ||
          target.items ||
          target.$ref ||
          target.enum ||
          p.enum ||
          target.type === "boolean" ||
          target.type === "object" ||
          target.type === undefined
        )
          continue;
        yield [`${at}.${prop}`, p];
      }
    }
  }
}

describe("the OpenAPI document's examples", () => {
  it("shows no integer bound that is only JavaScript's safe-integer range", () => {
    const bounds = [...schemas(document, "")].filter(
      ([, s]) => Math.abs(s.minimum ?? 0) === Number.MAX_SAFE_INTEGER || Math.abs(s.maximum ?? 0) === Number.MAX_SAFE_INTEGER,
    );
    expect(bounds.map(([at]) => at)).toEqual([]);
  });

  it("gives every string, number and date property of every schema an example", () => {
    const missing = [...leafProperties()].filter(([, p]) => p.example === undefined).map(([at]) => at);
    expect(missing).toEqual([]);
    for (const [at, p] of leafProperties()) {
      if (typeof p.example === "number") expect(Math.abs(p.example), at).toBeLessThan(1e9);
    }
  });

  it("dates every date-time as ISO 8601 within a day of now", () => {
    const dates = [...leafProperties()].filter(([, p]) => (p.anyOf?.find((x) => x.type !== "null") ?? p).format === "date-time");
    expect(dates.length).toBeGreaterThan(10);
    for (const [at, p] of dates) {
      expect(p.example, at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(Math.abs(Date.parse(p.example as string) - now.getTime()), at).toBeLessThanOrEqual(86_400_000);
    }
  });

  it("takes a property's example from the contracts' own request examples, and realistic ids", () => {
    const user = document.components.schemas.User!;
    expect(user.properties!.login!.example).toBe((createUserContract.example as { login: string }).login);
    expect(user.properties!.guid!.example).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(document.components.schemas.Event!.properties!.id!.example).toMatch(/^evt_/);
    expect(document.components.schemas.Application!.properties!.id!.example).toMatch(/^[a-z]+:[a-z-]+$/);
  });

  it("describes the whole API in its summary", () => {
    for (const area of ["calls", "SMS", "voicemail", "media", "billing", "devices", "webhook", "tokens", "domains", "applications"]) {
      expect(document.info.description).toContain(area);
    }
  });
});

describe("the OpenAPI document's error examples", () => {
  it("shows, for each error status, a problem with that status, its code's title and a link to the code", () => {
    const responses = (
      document.paths as Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { example?: Record<string, unknown> }> }> }>
      >
    )["/users/{guid}"]!.get!.responses;
    for (const status of ["400", "401", "403", "404", "500", "503"]) {
      const example = responses[status]!.content!["application/problem+json"]!.example!;
      expect(example.status, status).toBe(Number(status));
      expect(example.type, status).toBe(`https://switchboard.example/docs/api#error-${example.code}`);
    }
    expect(responses["404"]!.content!["application/problem+json"]!.example).toMatchObject({ code: "not_found", title: "Not Found" });
  });
});

describe("the OpenAPI document's security", () => {
  type Published = { security: Array<Record<string, string[]>>; "x-capability"?: { in: string; name: string } };
  const published = (c: Contract) => (document.paths as Record<string, Record<string, Published>>)[c.path]![c.method.toLowerCase()]!;

  it("states the guest call's credential: a guest token as a Bearer secret, not OAuth", () => {
    expect(published(createGuestCallContract).security).toEqual([{ GuestToken: [] }]);
    expect(document.components.securitySchemes.GuestToken).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "gt_..." });
  });

  it("names the path parameter that is the credential of each capability: a signed media link, a guest call's id", () => {
    expect(published(downloadMediaLinkContract)).toMatchObject({ security: [], "x-capability": { in: "path", name: "token" } });
    for (const contract of [getGuestCallContract, deleteGuestCallContract]) {
      expect(published(contract)).toMatchObject({ security: [], "x-capability": { in: "path", name: "guestCallId" } });
    }
  });

  it("publishes OAuth 1.0a on every other operation but the public ones", () => {
    const unsecured = allContracts.filter((c) => published(c).security.length === 0 && !published(c)["x-capability"]);
    expect(unsecured.map((c) => c.operationId).sort()).toEqual(["displayToken", "health", "openApi"]);
    const schemes = new Set(allContracts.flatMap((c) => published(c).security.flatMap((s) => Object.keys(s))));
    expect([...schemes].sort()).toEqual(Object.keys(document.components.securitySchemes).sort());
  });
});
