import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "..");

describe("the compiled server's zod", () => {
  it("is the instance an ES module import of zod gets (the one Next.js's bundles import), not a second copy", async () => {
    const compiler = path.join(__dirname, "compile-server.mjs");
    const { zodAsNextLoadsIt } = (await import(compiler)) as { zodAsNextLoadsIt: Plugin };
    const esbuild = await import("esbuild");
    // Written beside the real output, so that it resolves packages from node_modules as .build/serve.js does.
    const outfile = path.join(ROOT, ".build", `zod-instance-test-${process.pid}.js`);
    try {
      await esbuild.build({
        absWorkingDir: ROOT,
        stdin: { contents: 'export { z } from "zod";', resolveDir: ROOT, loader: "ts" },
        bundle: true,
        platform: "node",
        format: "cjs",
        packages: "external",
        outfile,
        logLevel: "warning",
        plugins: [zodAsNextLoadsIt],
      });
      // Node itself (not the test runner's loader): require() the compiled module, then import zod as an ES module.
      const check = "const compiled = require(process.argv[1]); import('zod').then((esm) => console.log(compiled.z === esm.z));";
      const result = spawnSync(process.execPath, ["-e", check, outfile], { cwd: ROOT, encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.stdout.trim()).toBe("true");
    } finally {
      fs.rmSync(outfile, { force: true });
      await esbuild.stop();
    }
  });
});

describe("the compiled engine's MP3 encoder", () => {
  it("is lamejs's ES module build compiled in (its CommonJS entry exports nothing)", async () => {
    const compiler = path.join(__dirname, "compile-server.mjs");
    const { lamejsAsEsModule } = (await import(compiler)) as { lamejsAsEsModule: Plugin };
    const esbuild = await import("esbuild");
    const outfile = path.join(ROOT, ".build", `lamejs-test-${process.pid}.js`);
    try {
      await esbuild.build({
        absWorkingDir: ROOT,
        stdin: {
          contents: 'import { Mp3Encoder } from "@breezystack/lamejs"; export const frames = new Mp3Encoder(1, 8000, 16).flush().length;',
          resolveDir: ROOT,
          loader: "ts",
        },
        bundle: true,
        platform: "node",
        format: "cjs",
        packages: "external",
        outfile,
        logLevel: "warning",
        plugins: [lamejsAsEsModule],
      });
      const result = spawnSync(process.execPath, ["-e", "console.log(typeof require(process.argv[1]).frames)", outfile], {
        cwd: ROOT,
        encoding: "utf8",
      });
      expect(result.stderr).toBe("");
      expect(result.stdout.trim()).toBe("number");
    } finally {
      fs.rmSync(outfile, { force: true });
      await esbuild.stop();
    }
  });
});
