import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig, webhookPrivateTargetsAllowed } from "./config";

const exampleVariables = () =>
  fs
    .readFileSync(".env.example", "utf8")
    .split("\n")
    .flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);

/** Files of the product (not tests, not tooling) that read process.env themselves. */
function directEnvironmentReads(): string[] {
  const files = ["instrumentation.ts", ...["app", "lib", "components"].flatMap((dir) => walk(dir))];
  // Framework variables Next.js itself sets, read before any configuration can load.
  const framework = /process\.env\.(NEXT_RUNTIME|NEXT_DIST_DIR)\b/g;
  return files
    .filter((file) => !/\.test\.tsx?$/.test(file) && file !== path.join("lib", "core", "config.ts"))
    .filter((file) => /process\.env\b/.test(fs.readFileSync(file, "utf8").replace(framework, "")));
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : /\.(ts|tsx|cjs|js)$/.test(e.name) ? [full] : [];
  });
}

describe("configuration", () => {
  it(".env.example lists exactly the variables config() knows", () => {
    expect(exampleVariables().sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("is the only reader of the environment in the product's code", () => {
    expect(directEnvironmentReads()).toEqual([]);
  });

  it("names the variable and the rule of a bad value", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ ENCRYPTION_KEY: "short" })).toThrow(/ENCRYPTION_KEY: must be 32 bytes/);
  });

  it("allows private webhook targets by default only on a loopback-bound server", () => {
    expect(webhookPrivateTargetsAllowed({ HOST: "127.0.0.1" })).toBe(true);
    expect(webhookPrivateTargetsAllowed({ HOST: "0.0.0.0" })).toBe(false);
    expect(webhookPrivateTargetsAllowed({ HOST: "0.0.0.0", WEBHOOK_ALLOW_PRIVATE: "true" })).toBe(true);
  });
});
