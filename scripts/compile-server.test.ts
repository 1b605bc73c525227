import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

/**
 * Compiles `source` as scripts/compile-server.mjs compiles the server (CommonJS, packages external,
 * with its plugin `pluginName`), then runs `check` on Node itself (not the test runner's loader) with
 * the compiled file as process.argv[1]. Written beside the real output, so that it resolves packages
 * from node_modules as .build/serve.js does. Returns what `check` printed and its errors.
 */
async function compileAndRun(pluginName: string, source: string, check: string): Promise<{ stdout: string; stderr: string }> {
  const plugin = ((await import(path.join(__dirname, "compile-server.mjs"))) as Record<string, Plugin>)[pluginName]!;
  const esbuild = await import("esbuild");
  const outfile = path.join(ROOT, ".build", `${pluginName}-test-${process.pid}.js`);
  try {
    await esbuild.build({
      absWorkingDir: ROOT,
      stdin: { contents: source, resolveDir: ROOT, loader: "ts" },
      bundle: true,
      platform: "node",
      format: "cjs",
      packages: "external",
      outfile,
      logLevel: "warning",
      plugins: [plugin],
    });
    const result = spawnSync(process.execPath, ["-e", check, outfile], { cwd: ROOT, encoding: "utf8" });
    return { stdout: result.stdout.trim(), stderr: result.stderr };
  } finally {
    fs.rmSync(outfile, { force: true });
    await esbuild.stop();
  }
}

describe("the compiled server's zod", () => {
  it("is the instance an ES module import of zod gets (the one Next.js's bundles import), not a second copy", async () => {
    const result = await compileAndRun(
      "zodAsNextLoadsIt",
      'export { z } from "zod";',
      "const compiled = require(process.argv[1]); import('zod').then((esm) => console.log(compiled.z === esm.z));",
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("true");
  });
});

describe("the compiled engine's MP3 encoder", () => {
  it("is lamejs's ES module build compiled in (its CommonJS entry exports nothing)", async () => {
    const result = await compileAndRun(
      "lamejsAsEsModule",
      'import { Mp3Encoder } from "@breezystack/lamejs"; export const frames = new Mp3Encoder(1, 8000, 16).flush().length;',
      "console.log(typeof require(process.argv[1]).frames)",
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("number");
  });
});
