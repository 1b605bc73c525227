// Compiles the launcher (scripts/start.ts), its preparation step (scripts/prepare-database.ts), the
// telephony engine's own process (scripts/telephony-engine.ts) and
// the HTTP server (scripts/serve.ts), with what they import from lib/ (the `@/` alias resolved),
// into plain CommonJS in .build/, so that `npm start` runs JavaScript on `node` alone: no TypeScript loader, no esbuild service at run time
// (docs/decisions.md, "Footprint"). Packages stay in node_modules. It compiles only when an input
// changed since the last compile (a few hundred stat calls otherwise), and imports esbuild only then.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OUT_DIR = path.join(ROOT, ".build");
const ENTRY_POINTS = ["scripts/start.ts", "scripts/prepare-database.ts", "scripts/serve.ts", "scripts/telephony-engine.ts"];
/** What the last compile read (files relative to ROOT), and which esbuild compiled it. */
const MANIFEST = path.join(OUT_DIR, "inputs.json");
const THIS_FILE = fileURLToPath(import.meta.url);

const mtime = (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/** Why a compile is needed ("" when the output is current). */
function staleness() {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(MANIFEST, "utf8"));
  } catch {
    return "first start";
  }
  const builtAt = manifest.builtAt;
  const outputs = ENTRY_POINTS.map((entry) => path.join(OUT_DIR, `${path.basename(entry, ".ts")}.js`));
  if (outputs.some((file) => !mtime(file))) return "output missing";
  for (const file of [...manifest.inputs, path.relative(ROOT, THIS_FILE), "tsconfig.json", "node_modules/esbuild/package.json"]) {
    const changed = mtime(path.join(ROOT, file));
    if (changed === undefined || changed > builtAt) return `${file} changed`;
  }
  return "";
}

/**
 * zod as the one instance Next.js's route bundles import (zod is in next.config.js's
 * serverExternalPackages, which Turbopack loads as an ES module): its ES module build, through Node's
 * require() of ES modules, not its CommonJS build, a second copy of the whole library in the server
 * (docs/decisions.md, "Footprint"). Resolved at run time from .build/, as `require("zod")` would be.
 */
export const zodAsNextLoadsIt = {
  name: "zod-es-module",
  setup(build) {
    build.onResolve({ filter: /^zod$/ }, () => ({ path: "zod", namespace: "zod-es-module" }));
    build.onLoad({ filter: /.*/, namespace: "zod-es-module" }, () => ({
      contents: 'module.exports = require(require("node:path").join(require.resolve("zod/package.json"), "..", "index.js"));',
      loader: "js",
      resolveDir: OUT_DIR,
    }));
  },
};

/**
 * @breezystack/lamejs (the MP3 encoder the telephony engine's process records with) as its ES module
 * build, compiled in: its CommonJS entry is a browser script that exports nothing, so require() of it
 * gave an empty object ("Mp3Encoder is not a constructor"). Next.js's bundler takes the ES module too.
 */
export const lamejsAsEsModule = {
  name: "lamejs-es-module",
  setup(build) {
    build.onResolve({ filter: /^@breezystack\/lamejs$/ }, () => ({
      path: path.join(ROOT, "node_modules", "@breezystack", "lamejs", "dist", "lamejs.js"),
    }));
  },
};

/**
 * Brings .build/start.js and .build/serve.js up to date and returns the launcher's path. Safe when
 * several processes start at once (the API tests): each file is written under a temporary name and
 * renamed into place.
 */
export async function compiledLauncher() {
  if (staleness()) {
    // Taken before reading the sources: a file saved during the compile makes the next start compile again.
    const builtAt = Date.now();
    const esbuild = await import("esbuild");
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: ENTRY_POINTS,
      bundle: true,
      platform: "node",
      format: "cjs",
      // The oldest supported Node (package.json "engines"); an unsupported one is refused by the launcher itself.
      target: "node22",
      // Packages load from node_modules as they do for Next.js; only our own TypeScript is compiled.
      packages: "external",
      outdir: OUT_DIR,
      write: false,
      metafile: true,
      sourcemap: "linked",
      logLevel: "warning",
      plugins: [zodAsNextLoadsIt, lamejsAsEsModule],
    });
    // esbuild's service process (buildSync keeps one too, behind a worker thread) ends here, not with the launcher.
    await esbuild.stop();
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const inputs = Object.keys(result.metafile.inputs);
    const files = [...result.outputFiles.map((f) => [f.path, f.contents]), [MANIFEST, JSON.stringify({ builtAt, inputs }, null, 1)]];
    for (const [file, contents] of files) {
      const temporary = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temporary, contents);
      fs.renameSync(temporary, file);
    }
  }
  return path.join(OUT_DIR, "start.js");
}

if (process.argv[1] === THIS_FILE) {
  const reason = staleness();
  await compiledLauncher();
  console.log(reason ? `compiled ${ENTRY_POINTS.join(", ")} into ${path.relative(ROOT, OUT_DIR)}/ (${reason})` : "up to date");
}
