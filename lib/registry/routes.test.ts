import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeFolderOf, type Contract } from "@/lib/http/rest/contract";
import { allContracts } from "./operations";
import { REST_PREFIX } from "@/lib/core/urls";

// Every route file under app/rest/1.0 serves contracts, and every contract has its route file: a
// route without a contract, or a contract without a route, fails here.

const root = path.resolve("app", REST_PREFIX.slice(1));
const CATCH_ALL = /\[\.\.\./;

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return CATCH_ALL.test(e.name) ? [] : routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

const key = (c: Pick<Contract, "method" | "path">) => `${c.method} ${c.path}`;

describe("route files and contracts", () => {
  it("declares each operation once", () => {
    const keys = allContracts.map(key);
    expect(keys.length).toBeGreaterThan(20);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(allContracts.map((c) => c.operationId)).size).toBe(allContracts.length);
  });

  it("match both ways, each route file in the folder of its contracts' path", async () => {
    const served: string[] = [];
    for (const file of routeFiles(root)) {
      const folder = path.relative(root, path.dirname(file)).split(path.sep).join("/");
      const routeModule = (await import(file)) as Record<string, { contract?: Contract; contracts?: Contract[] }>;
      const contracts = Object.values(routeModule).flatMap((fn) => fn?.contracts ?? (fn?.contract ? [fn.contract] : []));
      expect(contracts.length, `${file} serves no contract`).toBeGreaterThan(0);
      for (const contract of new Set(contracts)) {
        expect(routeFolderOf(contract).slice(1), `${contract.operationId} is served from the wrong folder`).toBe(folder);
        served.push(key(contract));
      }
    }
    expect(new Set(served)).toEqual(new Set(allContracts.map(key)));
  });

  it("declares success, a summary and a tag for every operation, and a Location for every 201", () => {
    for (const contract of allContracts) {
      expect(contract.summary, contract.operationId).not.toBe("");
      expect(contract.tag, contract.operationId).not.toBe("");
      if (contract.success.status === 201) expect(contract.location, contract.operationId).toBeDefined();
      for (const name of contract.path.match(/\{(\w+)\}/g) ?? []) {
        expect(Object.keys(contract.params?.shape ?? {}), `${contract.operationId} types ${name}`).toContain(name.slice(1, -1));
      }
    }
  });
});
